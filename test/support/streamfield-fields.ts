import type { ElementHandle, Page } from 'puppeteer-core';

/** The input of a StreamField block's field, found by its label as an editor reads it. */
export async function blockField(page: Page, blockId: string, label: string): Promise<ElementHandle<HTMLElement>> {
  const handle = await page.evaluateHandle(
    (id, text) => {
      const block = document.querySelector(`[data-block-id="${id}"]`);
      const labelElement = [...(block?.querySelectorAll('label') ?? [])].find((element) => element.textContent?.replace('*', '').trim() === text);
      return labelElement ? document.getElementById(labelElement.htmlFor) : null;
    },
    blockId,
    label,
  );
  const element = handle.asElement() as ElementHandle<HTMLElement> | null;
  if (!element) throw new Error(`No field labelled ${label} in block ${blockId}`);
  return element;
}
