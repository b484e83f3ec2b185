import type { PixelWindow } from './providers/provider';

/**
 * Google's `gtag()`: pushes its arguments to the data layer. gtag.js reads only `arguments` objects there
 * (plain arrays are ignored as commands), so the official snippet's shape is kept on purpose.
 */
export function gtag(win: PixelWindow, ..._args: unknown[]): void {
  win.dataLayer ??= [];
  if (typeof win.gtag !== 'function') {
    win.gtag = function gtagCommand() {
      // biome-ignore lint/complexity/noArguments: gtag.js recognises commands only as Arguments objects.
      (win.dataLayer as unknown[]).push(arguments);
    };
  }
  (win.gtag as (...a: unknown[]) => void)(..._args);
}
