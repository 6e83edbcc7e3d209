// An uploaded SVG is rendered to PNG (storage.ts). Before that it loses every reference to anything outside
// itself: an <image>, <use> or <feImage> naming a file or an address, an XInclude, a stylesheet import or a
// `url(…)` of another document, a DOCTYPE with its entities. The renderer (librsvg) refuses most of these
// itself when given bytes without a base address, but the stored PNG is public: what it shows must never
// depend on the renderer's version or build. References within the SVG (`#id`) and embedded raster
// pictures (`data:image/png;base64,…`) stay.
import { DomUtils, parseDocument } from 'htmlparser2';
import type { CDATA, ChildNode, Element, Text } from 'domhandler';

/** Elements dropped with their content: they load, run or embed other documents. */
const DROPPED_ELEMENTS = new Set(['script', 'foreignobject', 'include', 'iframe', 'object', 'embed', 'audio', 'video', 'handler', 'listener']);
/** A reference kept: within the SVG, or a raster picture embedded in it (never another SVG). */
const SAFE_REFERENCE = /^\s*(#|data:image\/(png|jpeg|gif|webp);base64,)/i;
/** `url(…)` naming anything other than an element of the SVG itself. */
const EXTERNAL_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;

const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();

/** CSS (a style attribute, a <style> element, a presentation attribute) with external `url(…)`s as `none`;
 * escapes and imports could hide one, so CSS holding either is dropped whole. */
function safeCss(css: string): string {
  if (css.includes('\\') || /@import/i.test(css)) return '';
  return css.replace(EXTERNAL_URL, 'none');
}

function cleanElement(element: Element) {
  for (const [name, value] of Object.entries(element.attribs)) {
    const local = localName(name);
    if (local === 'href' || local === 'src') {
      if (!SAFE_REFERENCE.test(value)) delete element.attribs[name];
    } else if (local === 'base' || local.startsWith('on')) {
      // xml:base would change what a relative reference names; handlers never run in a PNG anyway
      delete element.attribs[name];
    } else {
      element.attribs[name] = safeCss(value);
    }
  }
}

/** A <style> element: its text only, cleaned as one piece (a reference could be split across CDATA sections). */
function cleanStylesheet(style: Element) {
  const texts: Text[] = [];
  const collect = (nodes: ChildNode[]) => {
    for (const node of [...nodes]) {
      if (node.type === 'text') texts.push(node as Text);
      else if (node.type === 'cdata') collect((node as CDATA).children);
      else DomUtils.removeElement(node);
    }
  };
  collect(style.children);
  const css = safeCss(texts.map((t) => t.data).join(''));
  texts.forEach((text, i) => (text.data = i === 0 ? css : ''));
}

function clean(nodes: ChildNode[]) {
  for (const node of [...nodes]) {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const element = node as Element;
      if (DROPPED_ELEMENTS.has(localName(element.name))) {
        DomUtils.removeElement(element);
        continue;
      }
      cleanElement(element);
      if (localName(element.name) === 'style') {
        cleanStylesheet(element);
        continue;
      }
      clean(element.children);
    } else if (node.type === 'cdata') {
      clean((node as CDATA).children);
    } else if (node.type !== 'text') {
      // a DOCTYPE (entities), a processing instruction (an xml-stylesheet), a comment
      DomUtils.removeElement(node);
    }
  }
}

/** The SVG without references to anything outside itself (see above), as text to render. */
export function svgWithoutExternalReferences(svg: Buffer): Buffer {
  const document = parseDocument(svg.toString('utf8'), { xmlMode: true });
  clean(document.children);
  // outside the root element only markup may stand (a DOCTYPE's internal subset leaves its `]>` as text)
  for (const node of [...document.children]) if (node.type === 'text') DomUtils.removeElement(node);
  return Buffer.from(DomUtils.getOuterHTML(document.children, { xmlMode: true }), 'utf8');
}
