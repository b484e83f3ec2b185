/** Adds a provider's script to the page (async, like its own snippet); resolves when it has run. */
export function loadScript(doc: Document, src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const el = doc.createElement('script');
    el.async = true;
    el.src = src;
    el.dataset.adPixel = '';
    el.onload = () => resolve();
    el.onerror = () => reject(new Error(`could not load ${src}`));
    doc.head.appendChild(el);
  });
}
