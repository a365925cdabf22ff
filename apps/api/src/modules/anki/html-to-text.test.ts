import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from './html-to-text.ts';

describe('htmlToText', () => {
  it('decodes named, decimal and hexadecimal entities', () => {
    expect(decodeEntities('T6&amp;T12 &lt;b&gt; caf&#233; &#x1F600; adi&oacute;s &unknown;')).toBe(
      'T6&T12 <b> café 😀 adiós &unknown;',
    );
  });

  it('turns <br> and <div> into line breaks and drops every other tag', () => {
    expect(
      htmlToText('Adduction<br>Flexion<div>at <b>shoulder</b></div><span style="x">end</span>')
        .text,
    ).toBe('Adduction\nFlexion\nat shoulder\nend');
  });

  it('drops scripts and styles with their content, and comments', () => {
    expect(htmlToText('<script>alert(1)</script>a<style>.x{}</style><!-- c -->b').text).toBe('ab');
  });

  it('removes sounds and images and counts them', () => {
    expect(htmlToText('gato [sound:gato.mp3]<img src="cat.jpg"><IMG SRC=x> [sound:b.ogg]')).toEqual(
      {
        text: 'gato',
        sounds: 2,
        images: 2,
      },
    );
  });

  it('never lets markup through: an entity that decodes to a tag stays text', () => {
    expect(htmlToText('&lt;img src=x onerror=alert(1)&gt;').text).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });

  it('trims lines, collapses spaces and drops blank lines and control characters', () => {
    expect(htmlToText('  a \t b <div></div><div> c\u0007 </div>\u0000').text).toBe('a b\nc');
  });
});
