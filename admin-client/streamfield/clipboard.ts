/**
 * Copying a block to paste it into another page's editor: the system clipboard when the
 * browser allows it, and localStorage always, so pasting works where clipboard access is refused.
 */
import type { StreamBlock } from './schemas';
import { clipboardPayload, readClipboardText, type DefinitionsByType, type MakeId, type PasteResult } from './value-ops';

/** Where the last copied block is kept for pasting in any tab of this site. */
export const CLIPBOARD_STORAGE_KEY = 'red-harbor:streamfield-clipboard';

/** Puts the block on the clipboard and in localStorage; true when at least one took it. */
export async function copyBlock(block: StreamBlock): Promise<boolean> {
  const text = JSON.stringify(clipboardPayload(block));
  let isStored = false;
  try {
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, text);
    isStored = true;
  } catch {
    // Storage can be full or disabled (private mode); the system clipboard may still work.
  }
  try {
    await navigator.clipboard?.writeText(text);
    return true;
  } catch {
    return isStored;
  }
}

/**
 * The copied block to paste, fresh ids and all: the system clipboard's when it holds one,
 * else the one kept in localStorage; otherwise why nothing can be pasted.
 */
export async function pasteBlock(definitions: DefinitionsByType, makeId: MakeId): Promise<PasteResult> {
  const candidates = [await systemClipboardText(), storedText()].filter((text): text is string => Boolean(text));
  const results = candidates.map((text) => readClipboardText(text, definitions, makeId));
  return results.find((result) => result.ok) ?? results.find((result) => !result.ok && result.reason !== 'not-a-block') ?? { ok: false, reason: 'not-a-block' };
}

async function systemClipboardText(): Promise<string | null> {
  try {
    return (await navigator.clipboard?.readText()) ?? null;
  } catch {
    return null; // permission refused or no focus: fall back to storage
  }
}

function storedText(): string | null {
  try {
    return localStorage.getItem(CLIPBOARD_STORAGE_KEY);
  } catch {
    return null;
  }
}
