import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, inspectImage, sanitizeSvg } from './map-image';

/** A PNG header with the given size (signature + IHDR): enough for the size check. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

/** A JPEG start with an APP0 segment and a baseline frame header. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]);
  const sof = Buffer.alloc(10);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(8, 2);
  sof.writeUInt8(8, 4);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

describe('inspectImage', () => {
  it('reads PNG and JPEG sizes from their headers', () => {
    expect(inspectImage(pngHeader(800, 600))).toMatchObject({ mime: 'image/png', width: 800, height: 600 });
    expect(inspectImage(jpegHeader(1024, 768))).toMatchObject({
      mime: 'image/jpeg',
      width: 1024,
      height: 768,
    });
  });

  it('reads an SVG size from width and height, else from the viewBox', () => {
    const sized = inspectImage(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300px" height="200"/>'),
    );
    expect(sized).toMatchObject({ mime: 'image/svg+xml', width: 300, height: 200 });
    const boxed = inspectImage(Buffer.from('<svg viewBox="0 0 640 480"><rect width="1" height="1"/></svg>'));
    expect(boxed).toMatchObject({ width: 640, height: 480 });
  });

  it('refuses what is not an image, whatever it claims to be', () => {
    for (const content of ['hello', '{"svg": true}', '<html><body/></html>', '<svg', '%PDF-1.4'])
      expect(() => inspectImage(Buffer.from(content))).toThrow(IMAGE_MESSAGES.notImage);
  });

  it('refuses more than 40 megapixels, more than 5 MB, and images without a size', () => {
    expect(() => inspectImage(pngHeader(10_000, 5_000))).toThrow(IMAGE_MESSAGES.tooManyPixels);
    expect(() => inspectImage(Buffer.alloc(5 * 1024 * 1024 + 1))).toThrow(IMAGE_MESSAGES.tooLarge);
    expect(() => inspectImage(Buffer.from('<svg width="100%"/>'))).toThrow(IMAGE_MESSAGES.noSize);
  });

  it('refuses an SVG with a DOCTYPE (no entity expansion)', () => {
    const bomb = '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg width="1" height="1">&a;</svg>';
    expect(() => inspectImage(Buffer.from(bomb))).toThrow(IMAGE_MESSAGES.notImage);
  });
});

describe('sanitizeSvg', () => {
  const clean = (svg: string) => sanitizeSvg(svg)!.svg;

  it('drops script elements, foreignObject and animation, with their content', () => {
    const out = clean(
      '<svg width="10" height="10"><script>alert(1)</script><foreignObject><div>x</div></foreignObject>' +
        '<a href="#r"><set attributeName="href" to="javascript:alert(1)"/><rect id="r"/></a><style>@import url(http://x)</style></svg>',
    );
    expect(out).not.toMatch(/script|alert|foreignObject|<div|<set|@import|<style/i);
    expect(out).toContain('<rect id="r"/>');
    expect(out).toContain('<a href="#r">');
  });

  it('drops event attributes, javascript: and outside links, keeps links inside the document', () => {
    const out = clean(
      '<svg onload="alert(1)" width="10" height="10" xmlns:xlink="http://www.w3.org/1999/xlink">' +
        '<a xlink:href=" java&#x09;script:alert(1)"><text>t</text></a>' +
        '<image href="https://evil.example/x.png"/><use xlink:href="#shape"/>' +
        '<rect fill="url(http://evil.example/p)" ONCLICK="x()"/><rect fill="url(#grad)"/></svg>',
    );
    expect(out).not.toMatch(/onload|onclick|javascript|evil\.example/i);
    expect(out).toContain('<use xlink:href="#shape"/>');
    expect(out).toContain('fill="url(#grad)"');
    expect(out).toContain('<text>t</text>');
  });

  it('escapes text and attribute values when writing the document again', () => {
    const out = clean(
      '<svg width="1" height="1"><text title="a &quot;b&quot; &lt;c&gt;">1 &lt; 2 &amp; 3</text></svg>',
    );
    expect(out).toContain('title="a &quot;b&quot; &lt;c&gt;"');
    expect(out).toContain('1 &lt; 2 &amp; 3');
  });

  it('answers null for XML whose root is not svg', () => {
    expect(sanitizeSvg('<html/>')).toBeNull();
  });
});
