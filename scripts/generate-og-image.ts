/**
 * Draws the Open Graph image (1200x630) and the Apple touch icon (180x180) into src/client/public.
 * Run once when the brand changes: `node --import tsx scripts/generate-og-image.ts`. The PNGs are
 * committed; the build only copies them.
 */
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve('src/client/public');
const FONT = "'Liberation Sans', Arial, Helvetica, sans-serif";
const mark = (x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${size / 32})"><rect width="32" height="32" rx="7" fill="#1a73e8"/><path d="M8 21c3-1 4-9 7-9s1 8 4 8 3-4 5-4" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></g>`;

const ogSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eff6ff"/><stop offset="1" stop-color="#dbeafe"/></linearGradient>
    <linearGradient id="avatar" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a73e8"/><stop offset="1" stop-color="#6366f1"/></linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  ${mark(72, 64, 56)}
  <text x="144" y="104" font-family="${FONT}" font-size="36" font-weight="700" fill="#0f172a">Signature<tspan fill="#1a73e8">Pro</tspan></text>
  <text font-family="${FONT}" font-size="62" font-weight="800" fill="#0f172a">
    <tspan x="72" y="250">Build Professional</tspan><tspan x="72" y="326">Gmail Signatures</tspan><tspan x="72" y="402">in Minutes</tspan>
  </text>
  <text x="72" y="548" font-family="${FONT}" font-size="30" fill="#475569">Live Gmail preview · One-click copy · 7-day free trial</text>
  <g transform="translate(690 150)">
    <rect width="440" height="300" rx="22" fill="#fff" stroke="#cbd5e1"/>
    <rect width="440" height="48" rx="22" fill="#1e293b"/><rect y="26" width="440" height="22" fill="#1e293b"/>
    <text x="24" y="31" font-family="${FONT}" font-size="18" fill="#fff">New Message</text>
    <circle cx="84" cy="150" r="46" fill="url(#avatar)"/>
    <text x="84" y="161" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="#fff">AM</text>
    <rect x="152" y="104" width="4" height="150" fill="#1a73e8"/>
    <text x="174" y="124" font-family="${FONT}" font-size="24" font-weight="700" fill="#0f172a">Alex Morgan</text>
    <text x="174" y="154" font-family="${FONT}" font-size="18" fill="#475569">Head of Partnerships</text>
    <text x="174" y="180" font-family="${FONT}" font-size="18" font-weight="700" fill="#1557b0">Northwind Studio</text>
    <text x="174" y="210" font-family="${FONT}" font-size="16" fill="#475569">alex@northwind.example</text>
    <rect x="174" y="226" width="24" height="24" rx="4" fill="#0a66c2"/><rect x="204" y="226" width="24" height="24" rx="4" fill="#111827"/>
    <rect x="234" y="226" width="24" height="24" rx="4" fill="#e4405f"/><rect x="264" y="226" width="24" height="24" rx="4" fill="#181717"/>
  </g>
</svg>`;

const iconSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 180 180"><rect width="180" height="180" fill="#1a73e8"/>${mark(22, 22, 136)}</svg>`;

await sharp(Buffer.from(ogSvg)).png({ compressionLevel: 9 }).toFile(path.join(publicDir, 'og-image.png'));
await sharp(Buffer.from(iconSvg)).png({ compressionLevel: 9 }).toFile(path.join(publicDir, 'apple-touch-icon.png'));
console.log('wrote og-image.png and apple-touch-icon.png to', publicDir);
