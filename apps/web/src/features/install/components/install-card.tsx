import { useState, useSyncExternalStore } from 'react';
import { CheckCircle2, Download, Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/core/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { track } from '@/lib/analytics';
import { getInstallPrompt, promptInstall, subscribeInstallPrompt } from '../install-prompt';
import { detectDevice, INSTALL_TEXT, isStandalone, type InstallDevice } from '../utils/device';

function currentDevice(): InstallDevice {
  if (typeof navigator === 'undefined') return 'unknown';
  return detectDevice({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    platform: navigator.platform,
  });
}

function standalone(): boolean {
  return isStandalone(
    typeof window.matchMedia === 'function' ? (q) => window.matchMedia(q) : undefined,
    (navigator as Navigator & { standalone?: boolean }).standalone,
  );
}

/** Install instructions for this device, the browser's own install button, or "installed". */
export function InstallCard() {
  const [device] = useState(currentDevice);
  const [installed] = useState(standalone);
  const offer = useSyncExternalStore(subscribeInstallPrompt, getInstallPrompt, () => null);

  if (installed) {
    return (
      <Card>
        <CardContent className="flex items-center gap-3">
          <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-primary" />
          <div>
            <p className="font-semibold">{INSTALL_TEXT.installed}</p>
            <p className="text-sm text-muted-foreground">{INSTALL_TEXT.installedDescription}</p>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card data-testid="install-card" data-device={device}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Smartphone aria-hidden="true" className="size-5 text-primary" />
          {INSTALL_TEXT.title}
        </CardTitle>
        <CardDescription>{INSTALL_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {offer ? (
          <Button
            onClick={() => {
              track('pwa_install_clicked', { device });
              void promptInstall();
            }}
          >
            <Download aria-hidden="true" />
            {INSTALL_TEXT.installNow}
          </Button>
        ) : (
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            {INSTALL_TEXT[device].map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
