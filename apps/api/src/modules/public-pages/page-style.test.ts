// Decision 1390: the part of Tailwind's stylesheet a page's markup uses.
import { describe, expect, it } from 'vitest';
import { classesOf, pageStyles } from './page-style.ts';

const THEME = '@layer theme{:root,:host{--font-sans:ui-sans-serif,system-ui;--default-font-family:var(--font-sans);--color-red-500:oklch(63.7% .237 25.331);--color-slate-50:oklch(98.4% .003 247.858);--spacing:.25rem}@supports (color:lab(0% 0 0)){:root,:host{--color-red-500:lab(55% 75 48);--color-slate-50:lab(98% 0 -1)}}}';
const CSS = [
  '/*! tailwindcss v4 | MIT License */\n@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-shadow:0 0 #0000;--tw-border-style:solid}}}',
  THEME,
  '@layer base{html{font-family:var(--default-font-family)}}',
  '@layer components;',
  '@layer utilities{.p-2{padding:calc(var(--spacing)*2)}.text-red-500{color:var(--color-red-500)}.shadow{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}.hover\\:bg-slate-50:hover{background-color:var(--color-slate-50)}.w-\\[calc\\(100\\%-1\\.5rem\\)\\]{width:calc(100% - 1.5rem)}.\\[\\&\\>li\\]\\:p-2>li{padding:1px}:where(.space-y-2>:not(:last-child)){margin-block-end:4px}@media (min-width:40rem){.sm\\:p-2{padding:2px}.sm\\:text-red-500{color:var(--color-red-500)}}@supports (color:red){.text-red-500{color:red}}}',
  'dialog::backdrop{background:#0f172a8c}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

describe('a page\'s part of the stylesheet (decision 1390)', () => {
  const styles = pageStyles(CSS);

  it('keeps the utilities whose class is on the page, at any depth, and drops an at-rule left empty', () => {
    const css = styles.forPage('<div class="p-2 sm:p-2 hover:bg-slate-50"><ul class="[&amp;&gt;li]:p-2 space-y-2 w-[calc(100%-1.5rem)]"></ul></div>');
    expect(css).toContain('.p-2{padding:calc(var(--spacing)*2)}');
    expect(css).toContain('.hover\\:bg-slate-50:hover{');
    expect(css).toContain('.w-\\[calc\\(100\\%-1\\.5rem\\)\\]{');
    expect(css).toContain('.\\[\\&\\>li\\]\\:p-2>li{');
    expect(css).toContain(':where(.space-y-2>:not(:last-child))');
    expect(css).toContain('@media (min-width:40rem){.sm\\:p-2{padding:2px}}');
    expect(css).not.toContain('text-red-500');
    expect(css).not.toContain('.shadow');
    expect(css).not.toContain('@supports (color:red)');
  });

  it('keeps everything outside the utilities: the licence, the reset, the app\'s own rules, keyframes, the old browsers\' fallback', () => {
    const css = styles.forPage('<p class="p-2">x</p>');
    for (const whole of ['/*! tailwindcss v4 | MIT License */', '@layer properties{@supports (-moz-orient:inline){', '@layer base{html{font-family:var(--default-font-family)}}', '@layer components;', 'dialog::backdrop{background:#0f172a8c}', '@keyframes spin{to{transform:rotate(360deg)}}']) {
      expect(css).toContain(whole);
    }
  });

  it('keeps the theme values and registered properties the kept rules use, through other theme values', () => {
    const plain = styles.forPage('<p class="p-2">x</p>');
    // --spacing (p-2), --default-font-family (base) and through it --font-sans; not the colours.
    // The colours' second rule (for browsers with lab()) is left out with nothing in it.
    expect(plain).toContain('@layer theme{:root,:host{--font-sans:ui-sans-serif,system-ui;--default-font-family:var(--font-sans);--spacing:.25rem}}');
    expect(plain).not.toContain('@property --tw-shadow');
    expect(plain).not.toContain('@property --tw-border-style');
    const shadowed = styles.forPage('<p class="shadow text-red-500">x</p>');
    expect(shadowed).toContain('--color-red-500:oklch(63.7% .237 25.331)');
    expect(shadowed).toContain('@supports (color:lab(0% 0 0)){:root,:host{--color-red-500:lab(55% 75 48)}}');
    expect(shadowed).not.toContain('--color-slate-50');
    expect(shadowed).toContain('@property --tw-shadow{');
    expect(shadowed).not.toContain('@property --tw-border-style');
  });

  it('reads the classes of every class attribute, entities decoded', () => {
    expect([...classesOf('<a class="x  y"></a><svg class="lucide z"></svg><p class="[&amp;&gt;li]:p-2 a&quot;b"></p><p title="class=q"></p>')]).toEqual(['x', 'y', 'lucide', 'z', '[&>li]:p-2', 'a"b']);
  });

  it('throws on a stylesheet it cannot read (the caller inlines the whole of it)', () => {
    expect(() => pageStyles('.a{color:red')).toThrow();
  });
});
