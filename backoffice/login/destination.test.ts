import { describe, expect, it } from 'vitest';
import { destinationAfterLogin } from './destination.ts';

const destinationOf = (next: string) => destinationAfterLogin(`?next=${encodeURIComponent(next)}`);

describe('destinationAfterLogin', () => {
  it('leads back to every back-office page, its query kept', () => {
    for (const page of ['/bo_dashboard', '/bo_activities', '/bo_sinistres?vue=tous', '/bo_analyse', '/bo_faq'])
      expect(destinationOf(page)).toBe(page);
    // A message or a mail opened from a link before signing in.
    expect(destinationOf('/bo_messages?message=12')).toBe('/bo_messages?message=12');
    expect(destinationOf('/bo_mails?mail=3')).toBe('/bo_mails?mail=3');
  });

  it('goes to the dashboard for anything else', () => {
    expect(destinationAfterLogin('')).toBe('/bo_dashboard');
    expect(destinationOf('/bo_login')).toBe('/bo_dashboard');
    expect(destinationOf('https://example.org/bo_faq')).toBe('/bo_dashboard');
    expect(destinationOf('//example.org/bo_faq')).toBe('/bo_dashboard');
    expect(destinationOf('/bo_faq/../x')).toBe('/bo_dashboard');
    expect(destinationOf('/bo_messagesx')).toBe('/bo_dashboard');
  });
});
