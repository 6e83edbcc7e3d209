// A session's device as staff recognise it on My Profile: "Chrome 131 on Linux", from the user agent
// the sign-in sent (bowser's parser). Only a label: nothing is decided on it.
import Bowser from 'bowser';

const MAX_DEVICE_LENGTH = 120;

export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name ?? '';
  const device = browser && os ? `${browser} on ${os}` : browser || os;
  return device.slice(0, MAX_DEVICE_LENGTH);
}
