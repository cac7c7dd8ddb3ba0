// The pictures page.html's and list.html's head script painted as the first screen's largest
// paint (early-item.ts, early-list.ts): drawn to be decoded with the frame (decoding="sync").
// The other early scripts hold back what would share the connection or the main thread with
// them until they have shown (early-page.ts's preloads and calls, app-start.ts's app code).

/** Settles once the first screen's pictures are decoded, so that the next frame shows them; null without any. */
export function firstScreenPictures(doc: Pick<Document, 'querySelectorAll'>): Promise<unknown> | null {
  const pictures = [...doc.querySelectorAll<HTMLImageElement>('#root img[decoding="sync"]')];
  return pictures.length > 0 ? Promise.all(pictures.map((img) => img.decode().catch(() => undefined))) : null;
}
