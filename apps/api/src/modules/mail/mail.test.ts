import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-templates';
import { createMailTransport } from './mail-transport';

describe('mail without a server', () => {
  it('writes each message as an .eml file under the mail folder and says where in one log line', async () => {
    const mailDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'inscrio-mail-')), 'mail');
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const transport = createMailTransport({ mailDir, from: 'Club <no-reply@club.test>', logger });
    await transport.send({
      to: 'parent@demo.test',
      ...renderMail(
        'sign-in-code',
        { organizationName: 'Club Sportif Démo', code: '123456', minutes: 10 },
        'fr',
      ),
    });
    const files = await fs.readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const raw = await fs.readFile(path.join(mailDir, files[0]!), 'utf8');
    expect(raw).toContain('To: parent@demo.test');
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toBe(`e-mail written to ${path.join(mailDir, files[0]!)}`);
    // The log names the file, never the recipient nor the subject (personal data stays out of logs).
    expect(lines[0]).not.toContain('parent@demo.test');
    expect(lines[0]).not.toContain('Club Sportif');
    await fs.rm(path.dirname(mailDir), { recursive: true });
  });
});

describe('templates', () => {
  it('renders in the recipient language, escaping HTML and keeping the link in the text', () => {
    const en = renderMail(
      'password-reset',
      { organizationName: 'A <b>Club</b>', link: 'https://a.test/x?token=1&y=2', minutes: 60 },
      'en',
    );
    expect(en.subject).toBe('Reset your password – A <b>Club</b>');
    expect(en.text).toContain('https://a.test/x?token=1&y=2');
    expect(en.html).toContain('A &lt;b&gt;Club&lt;/b&gt;');
    expect(en.html).toContain('href="https://a.test/x?token=1&amp;y=2"');
    expect(en.html).toContain('<html lang="en">');
    const fr = renderMail(
      'welcome',
      { organizationName: 'Club', firstName: 'Léa', link: 'http://demo.localhost:3000/' },
      'fr',
    );
    expect(fr.subject).toBe('Bienvenue sur Club');
    expect(fr.text).toMatch(/^Bonjour Léa,/);
  });
});
