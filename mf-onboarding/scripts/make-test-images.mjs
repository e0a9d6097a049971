// Draws the e2e test photos (a CNIC front and back, a face) in Chromium and writes them as
// large JPEGs (2400 px long side) so the browser-side compression is exercised.
// Run: node --import tsx mf-onboarding/scripts/make-test-images.mjs
import { chromium } from '@playwright/test';
import { AUTOMATION_LAUNCH } from '../../platform/src/core/chromium.ts';
import fs from 'node:fs';

const out = new URL('../../e2e/fixtures/onboarding/', import.meta.url);
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch(AUTOMATION_LAUNCH);
const page = await browser.newPage();
const draw = (kind) =>
  page.evaluate((kind) => {
    const c = document.createElement('canvas');
    c.width = kind === 'face' ? 1800 : 2400;
    c.height = kind === 'face' ? 2400 : 1500;
    const g = c.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, c.width, c.height);
    g.fillStyle = '#000000';
    if (kind === 'face') {
      g.fillStyle = '#e0b089';
      g.beginPath();
      g.ellipse(900, 1100, 500, 650, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#222';
      g.beginPath();
      g.arc(720, 950, 60, 0, 7);
      g.arc(1080, 950, 60, 0, 7);
      g.fill();
      g.fillRect(750, 1400, 300, 40);
    } else if (kind === 'front') {
      g.font = 'bold 110px sans-serif';
      g.fillText('PAKISTAN', 120, 200);
      g.font = '90px sans-serif';
      const lines = ['Name', 'Ayesha Khan', 'Father Name', 'Imran Khan', 'Identity Number', '35202-1234567-1', 'Date of Birth', '07.03.1990'];
      lines.forEach((l, i) => g.fillText(l, 120, 380 + i * 140));
    } else {
      g.font = '90px sans-serif';
      ['Address', 'House 12 Street 4 Gulberg Lahore', '35202-1234567-1'].forEach((l, i) => g.fillText(l, 120, 300 + i * 160));
    }
    return c.toDataURL('image/jpeg', 0.92);
  }, kind);
for (const kind of ['front', 'back', 'face']) {
  const url = await draw(kind);
  const name = kind === 'face' ? 'face.jpg' : `cnic-${kind}.jpg`;
  fs.writeFileSync(new URL(name, out), Buffer.from(url.split(',')[1], 'base64'));
  console.log('wrote', name);
}
await browser.close();
