// The public appeal page (issue 34): `GET /appeal/:token` shows the decision and a plain form (no
// script), `POST /appeal/:token` files the appeal and thanks the person. Served by the server, in the
// person's language (their preferences; an unknown link in the browser's), right to left in Arabic,
// under a policy that lets the page load nothing but its own style. The link works once, for its own
// case only (the token names the case; the form names nothing else), until its window ends; both
// calls are throttled per address and per link, as sign-in is (counted in the database: every replica
// sees the same numbers). The token never reaches a log line (ops/logging.ts redacts `/appeal/…`).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasControlCharacters } from '@shared/validation/common';
import type { AppContext } from '@server/context';
import { HttpError } from '@server/http/errors';
import { escapeHtml } from '@server/mail/templates';
import { hashAppealToken } from './appealLinks';
import { APPEAL_MAX, appealLink, fileAppeal } from './appeals';
import { contentIn, type Language, LANGUAGES, momentIn } from './mails';

/** Requests per throttle window (LOGIN_WINDOW_SECONDS) from one address, and on one link. */
export const APPEAL_REQUESTS_PER_ADDRESS = 30;
export const APPEAL_REQUESTS_PER_LINK = 10;

interface Words {
  title: string;
  intro: string;
  decisions: Record<string, string>;
  reason: string;
  moderatorMessage: string;
  label: string;
  hint: string;
  send: string;
  until: string;
  thanksTitle: string;
  thanks: string;
  unknown: string;
  used: string;
  expired: string;
  tooMany: string;
  textRule: string;
}

const WORDS: Record<Language, Words> = {
  en: {
    title: 'Appeal a moderation decision',
    intro: 'Tell us why you think this decision is wrong. You can send one appeal; a moderator who did not take the decision will read it.',
    decisions: {
      warn: 'Our moderators warned you about {content}.',
      hide: 'Our moderators hid {content}.',
      suspend: 'Our moderators suspended your account for {days} days, until {until}.',
      ban: 'Our moderators closed your account.',
    },
    reason: 'Reason',
    moderatorMessage: "The moderator's message",
    label: 'Your appeal',
    hint: 'Up to 2,000 characters.',
    send: 'Send my appeal',
    until: 'This link works once, until {until}.',
    thanksTitle: 'Thank you',
    thanks: 'Your appeal was received. A moderator who did not take the decision will look at it, and you will get an email with the outcome.',
    unknown: 'This appeal link is not valid. Check that you opened the whole link from the email.',
    used: 'This appeal link was already used: an appeal was sent for this decision.',
    expired: 'This appeal link has expired: an appeal can be sent for a limited time after the decision.',
    tooMany: 'Too many attempts. Please wait a few minutes and try again.',
    textRule: 'Please write your appeal: 1 to 2,000 characters.',
  },
  tr: {
    title: 'Moderasyon kararına itiraz',
    intro: 'Bu kararın neden yanlış olduğunu düşündüğünüzü bize yazın. Bir kez itiraz edebilirsiniz; itirazınızı kararı vermeyen bir moderatör okuyacak.',
    decisions: {
      warn: 'Moderatörlerimiz {content} nedeniyle sizi uyardı.',
      hide: 'Moderatörlerimiz içeriğinizi gizledi: {content}.',
      suspend: 'Moderatörlerimiz hesabınızı {days} gün, {until} tarihine kadar askıya aldı.',
      ban: 'Moderatörlerimiz hesabınızı kapattı.',
    },
    reason: 'Gerekçe',
    moderatorMessage: 'Moderatörün mesajı',
    label: 'İtirazınız',
    hint: 'En fazla 2.000 karakter.',
    send: 'İtirazımı gönder',
    until: 'Bu bağlantı bir kez ve {until} tarihine kadar çalışır.',
    thanksTitle: 'Teşekkürler',
    thanks: 'İtirazınız alındı. Kararı vermeyen bir moderatör inceleyecek ve sonucu size e-postayla bildireceğiz.',
    unknown: 'Bu itiraz bağlantısı geçerli değil. E-postadaki bağlantının tamamını açtığınızdan emin olun.',
    used: 'Bu itiraz bağlantısı zaten kullanıldı: bu karar için bir itiraz gönderildi.',
    expired: 'Bu itiraz bağlantısının süresi doldu: itiraz, karardan sonra sınırlı bir süre içinde gönderilebilir.',
    tooMany: 'Çok fazla deneme yapıldı. Lütfen birkaç dakika bekleyip tekrar deneyin.',
    textRule: 'Lütfen itirazınızı yazın: 1 ile 2.000 karakter arası.',
  },
  ar: {
    title: 'الاعتراض على قرار إشراف',
    intro: 'أخبرنا لماذا ترى أن هذا القرار خاطئ. يمكنك إرسال اعتراض واحد، وسيقرؤه مشرف لم يتخذ القرار.',
    decisions: {
      warn: 'وجّه إليك مشرفونا تحذيرًا بشأن {content}.',
      hide: 'أخفى مشرفونا {content}.',
      suspend: 'أوقف مشرفونا حسابك مؤقتًا لمدة {days} يومًا، حتى {until}.',
      ban: 'أغلق مشرفونا حسابك.',
    },
    reason: 'السبب',
    moderatorMessage: 'رسالة المشرف',
    label: 'اعتراضك',
    hint: 'حتى 2000 حرف.',
    send: 'أرسل اعتراضي',
    until: 'يعمل هذا الرابط مرة واحدة، حتى {until}.',
    thanksTitle: 'شكرًا لك',
    thanks: 'تلقّينا اعتراضك. سيراجعه مشرف لم يتخذ القرار، وستصلك رسالة بالبريد الإلكتروني بالنتيجة.',
    unknown: 'رابط الاعتراض هذا غير صالح. تأكد من أنك فتحت الرابط كاملًا من الرسالة.',
    used: 'سبق استخدام رابط الاعتراض هذا: أُرسل اعتراض على هذا القرار.',
    expired: 'انتهت صلاحية رابط الاعتراض هذا: يمكن إرسال الاعتراض خلال مدة محدودة بعد القرار.',
    tooMany: 'محاولات كثيرة جدًا. يُرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.',
    textRule: 'يُرجى كتابة اعتراضك: من 1 إلى 2000 حرف.',
  },
};

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}' +
  'h1{font-size:1.4rem}textarea{width:100%;box-sizing:border-box;min-height:10rem;font:inherit;padding:.5rem}button{font:inherit;padding:.6rem 1.2rem;margin-top:.8rem}' +
  '.problem{color:#a01818}dt{font-weight:600;margin-top:.6rem}dd{margin:0;white-space:pre-wrap}label{display:block;font-weight:600;margin-bottom:.3rem}';
/** Nothing but the page's own style: no script, no image, no frame; the form posts back here only. */
const POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

function page(reply: FastifyReply, status: number, lang: Language, title: string, body: string) {
  const w = WORDS[lang];
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', POLICY)
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title || w.title)}</title><style>${STYLE}</style></head>` +
        `<body><main><h1>${escapeHtml(title || w.title)}</h1>${body}</main></body></html>`,
    );
}

/** The language of a browser that opened an unknown link (its Accept-Language), English by default. */
function browserLanguage(request: FastifyRequest): Language {
  const asked = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return asked.map((l) => LANGUAGES.find((known) => known === l)).find((l) => l !== undefined) ?? 'en';
}

const STATUS_OF = { unknown: 404, used: 410, expired: 410 } as const;

export async function appealPageRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Counts the request; a caller over either limit gets the "too many" page (429 with Retry-After). */
  const throttled = async (request: FastifyRequest, reply: FastifyReply, token: string): Promise<boolean> => {
    try {
      await ctx.throttle.countRequest(
        { [`appeal-ip:${request.ip}`]: APPEAL_REQUESTS_PER_ADDRESS, [`appeal-link:${hashAppealToken(token)}`]: APPEAL_REQUESTS_PER_LINK },
        WORDS.en.tooMany,
      );
      return false;
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 429) throw err;
      for (const [k, value] of Object.entries(err.headers)) reply.header(k, value);
      const lang = browserLanguage(request);
      await page(reply, 429, lang, '', `<p class="problem">${escapeHtml(WORDS[lang].tooMany)}</p>`);
      return true;
    }
  };

  /** The form, with what the person wrote and what was wrong with it when it came back. */
  const form = async (request: FastifyRequest, reply: FastifyReply, token: string, status = 200, text = '', problem = '') => {
    const link = await appealLink(ctx, token);
    if (link.state !== 'open') return closed(reply, link.state, link.lang ?? browserLanguage(request));
    const { c, lang } = link;
    const w = WORDS[lang];
    const content = contentIn({ entity: link.entity, title: c.target_title, text: c.target_text }, lang);
    const decided = fill(w.decisions[c.decision ?? ''] ?? '', { content, days: String(c.suspend_days ?? ''), until: c.suspended_until ? momentIn(c.suspended_until, lang) : '' });
    const details =
      `<dl><dt>${escapeHtml(w.reason)}</dt><dd dir="auto">${escapeHtml(c.decision_reason ?? '')}</dd>` +
      (c.decision_message ? `<dt>${escapeHtml(w.moderatorMessage)}</dt><dd dir="auto">${escapeHtml(c.decision_message)}</dd>` : '') +
      '</dl>';
    return page(
      reply,
      status,
      lang,
      '',
      `<p>${escapeHtml(decided)}</p>${details}<p>${escapeHtml(w.intro)}</p>` +
        (problem ? `<p class="problem" id="problem">${escapeHtml(problem)}</p>` : '') +
        `<form method="post"><label for="text">${escapeHtml(w.label)}</label>` +
        `<textarea id="text" name="text" dir="auto" required maxlength="${APPEAL_MAX}" aria-describedby="hint${problem ? ' problem' : ''}">${escapeHtml(text)}</textarea>` +
        `<p id="hint">${escapeHtml(w.hint)} ${escapeHtml(fill(w.until, { until: momentIn(c.appeal_until!, lang) }))}</p>` +
        `<button type="submit">${escapeHtml(w.send)}</button></form>`,
    );
  };

  const closed = (reply: FastifyReply, state: keyof typeof STATUS_OF, lang: Language) =>
    page(reply, STATUS_OF[state], lang, '', `<p class="problem">${escapeHtml(WORDS[lang][state])}</p>`);

  app.get('/appeal/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    if (await throttled(request, reply, token)) return reply;
    return form(request, reply, token);
  });

  app.post('/appeal/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    if (await throttled(request, reply, token)) return reply;
    const sent = (request.body as Record<string, unknown> | null)?.text;
    const text = typeof sent === 'string' ? sent.trim() : '';
    if (!text || text.length > APPEAL_MAX || hasControlCharacters(text, true)) {
      const lang = (await appealLink(ctx, token)).lang ?? browserLanguage(request);
      return form(request, reply, token, 400, typeof sent === 'string' ? sent.slice(0, APPEAL_MAX) : '', WORDS[lang].textRule);
    }
    const state = await fileAppeal(ctx, token, text);
    // the link's case, now appealed, still says the person's language
    const lang = (await appealLink(ctx, token)).lang ?? browserLanguage(request);
    if (state !== 'open') return closed(reply, state, lang);
    return page(reply, 200, lang, WORDS[lang].thanksTitle, `<p>${escapeHtml(WORDS[lang].thanks)}</p>`);
  });
}
