import { getBrand } from '@shared/brands';
import { browser } from 'wxt/browser';

/** Default cabinet address for a local install; the extension issue makes the brand and host configurable. */
const CABINET_URL = import.meta.env.WXT_CABINET_URL ?? 'http://localhost:3000/cabinet';

export function Popup() {
  const brand = getBrand(0);
  const openCabinet = () => {
    void browser.tabs.create({ url: CABINET_URL });
    window.close();
  };
  return (
    <main className="popup">
      <header>
        <span className="mark" style={{ background: brand.accent_color }} aria-hidden="true">
          {brand.company_name.slice(0, 1)}
        </span>
        <h1>{brand.company_name}</h1>
      </header>
      <p>Open a LinkedIn profile to capture it for your AI sales agent.</p>
      <button type="button" onClick={openCabinet}>
        Open the cabinet
      </button>
    </main>
  );
}
