import { Download } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** Where the API serves the built extension zip (dist/extension/*.zip). */
export const EXTENSION_DOWNLOAD_PATH = '/downloads/extension.zip';

const code = 'rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-fg';

/** How to install the unpacked extension in Chrome (it is not in the Web Store). */
export function InstallGuide({ companyName }: { companyName: string }) {
  return (
    <div className="space-y-4">
      <Button asChild>
        <a href={EXTENSION_DOWNLOAD_PATH} download>
          <Download className="h-4 w-4" aria-hidden /> Download the extension (.zip)
        </a>
      </Button>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-muted marker:text-fg">
        <li>Unzip the downloaded file into a folder you keep.</li>
        <li>
          Open <code className={code}>chrome://extensions</code> in Chrome (type it in the address bar).
        </li>
        <li>
          Turn on <span className="text-fg">Developer mode</span> (top right).
        </li>
        <li>
          Click <span className="text-fg">Load unpacked</span> and choose the unzipped folder. From a source checkout, choose{' '}
          <code className={code}>dist/extension/chrome-mv3</code> after <code className={code}>npm run build:extension</code>.
        </li>
        <li>Come back to this page: it detects the {companyName} extension within 2 seconds, no reload needed.</li>
      </ol>
    </div>
  );
}
