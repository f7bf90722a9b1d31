/** Fetches the built-in map's atlas once per page and turns it into drawable shapes. */
import { readShape, RequestFailedError } from '../api-client';
import { runInSlices, yieldToMain } from '../run-in-slices';
import { atlasShapeSteps, OFFLINE_ATLAS_URL, offlineAtlasSchema, type AtlasShapes, type OfflineAtlas } from './atlas';

let loading: Promise<AtlasShapes> | undefined;

/** The atlas shapes; a failed fetch is not cached, so a later map may try again. */
export function loadAtlasShapes(): Promise<AtlasShapes> {
  loading ??= fetchAtlas().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function fetchAtlas(): Promise<AtlasShapes> {
  const response = await fetch(OFFLINE_ATLAS_URL, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RequestFailedError(OFFLINE_ATLAS_URL, response.status);
  // The schema checks what drawing relies on (topology type, arcs, objects); the TopoJSON types say the rest.
  const atlas = (await readShape(response, OFFLINE_ATLAS_URL, offlineAtlasSchema)) as unknown as OfflineAtlas;
  // Reading and checking the atlas was one task; the shapes come in slices after it.
  await yieldToMain();
  // Never stopped (so never undefined): every map on the page wants the shapes.
  return (await runInSlices(atlasShapeSteps(atlas), new AbortController().signal))!;
}
