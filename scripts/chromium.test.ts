import { describe, expect, it } from 'vitest';
import { pickChromium, SYSTEM_CHROMIUM } from './chromium.ts';

/** A machine on which exactly these files are executable. */
function machine(...executables: string[]) {
  return (path: string) => executables.includes(path);
}

describe('which Chromium the browser tests use', () => {
  it('takes CHROMIUM_PATH first, over a system Chromium', () => {
    const pick = pickChromium(
      { CHROMIUM_PATH: '/opt/chrome/chrome', PATH: '/usr/bin' },
      machine('/opt/chrome/chrome', SYSTEM_CHROMIUM),
    );
    expect(pick).toEqual({ source: 'CHROMIUM_PATH', path: '/opt/chrome/chrome' });
  });

  it('refuses a CHROMIUM_PATH that is not an executable, naming it, instead of falling back', () => {
    expect(() =>
      pickChromium({ CHROMIUM_PATH: '/nowhere/chrome' }, machine(SYSTEM_CHROMIUM)),
    ).toThrow('CHROMIUM_PATH=/nowhere/chrome is not an executable file');
  });

  it('uses the packaged Chromium when CHROMIUM_PATH=packaged, even with a system Chromium', () => {
    expect(pickChromium({ CHROMIUM_PATH: 'packaged' }, machine(SYSTEM_CHROMIUM))).toEqual({
      source: 'packaged',
      forced: true,
    });
  });

  it("then Debian's /usr/bin/chromium", () => {
    expect(
      pickChromium(
        { PATH: '/usr/local/bin:/usr/bin' },
        machine('/usr/local/bin/chromium', SYSTEM_CHROMIUM),
      ),
    ).toEqual({ source: 'system', path: SYSTEM_CHROMIUM });
  });

  it('then the first chromium on PATH', () => {
    expect(
      pickChromium(
        { PATH: '/home/me/bin:/snap/bin:/usr/local/bin' },
        machine('/snap/bin/chromium', '/usr/local/bin/chromium'),
      ),
    ).toEqual({ source: 'system', path: '/snap/bin/chromium' });
  });

  it('treats an empty CHROMIUM_PATH as unset', () => {
    expect(pickChromium({ CHROMIUM_PATH: '', PATH: '/usr/bin' }, machine(SYSTEM_CHROMIUM))).toEqual(
      {
        source: 'system',
        path: SYSTEM_CHROMIUM,
      },
    );
  });

  it('falls back to the packaged Chromium on a machine with none', () => {
    expect(pickChromium({ PATH: '/usr/local/bin:/usr/bin:/bin' }, machine())).toEqual({
      source: 'packaged',
      forced: false,
    });
    expect(pickChromium({}, machine())).toEqual({ source: 'packaged', forced: false });
  });
});
