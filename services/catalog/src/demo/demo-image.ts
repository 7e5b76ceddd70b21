import sharp from 'sharp';

const SIZE = 600;

/** Two gradient colours and a simple line drawing for each category. */
const STYLES: Record<string, { from: string; to: string; icon: string }> = {
  Books: {
    from: '#3b2a6b',
    to: '#8e6cc9',
    icon: '<path d="M150 80c40-20 90-20 150 10 60-30 110-30 150-10v180c-40-20-90-20-150 10-60-30-110-30-150-10z" /><path d="M300 90v180" />',
  },
  Jewelry: { from: '#5a3d12', to: '#d4a017', icon: '<circle cx="300" cy="185" r="95" /><path d="M300 120v130M255 165h90" />' },
  Apparel: { from: '#12385a', to: '#3d8fd4', icon: '<path d="M220 90l-80 40 30 60 40-15v130h180V175l40 15 30-60-80-40c-10 25-40 40-80 40s-70-15-80-40z" />' },
  'Home Decor': {
    from: '#2d5a27',
    to: '#8cc084',
    icon: '<path d="M160 190l140-110 140 110" /><path d="M190 170v120h220V170" /><path d="M280 290v-70h40v70" />',
  },
  Gifts: {
    from: '#7a1f3d',
    to: '#e0607e',
    icon: '<rect x="170" y="140" width="260" height="150" rx="8" /><path d="M300 140v150M170 190h260M300 140c-30-60-90-50-70-10 10 15 50 10 70 10 20 0 60 5 70-10 20-40-40-50-70 10" />',
  },
  Consulting: { from: '#1f4e5a', to: '#4fb3bf', icon: '<path d="M150 100h300v140H290l-60 50v-50h-80z" /><path d="M200 150h200M200 190h140" />' },
  Design: { from: '#5a1f5a', to: '#c45ec4', icon: '<circle cx="250" cy="170" r="70" /><circle cx="350" cy="170" r="70" /><circle cx="300" cy="240" r="50" />' },
  Marketing: {
    from: '#6b3a12',
    to: '#f08a3c',
    icon: '<path d="M170 160v60h50l130 60V100l-130 60z" /><path d="M390 150c20 15 20 65 0 80M420 120c40 30 40 110 0 140" />',
  },
  Writing: { from: '#2b2b2b', to: '#7d7d7d', icon: '<path d="M200 290l20-70 150-150 50 50-150 150z" /><path d="M340 100l50 50M200 290h220" />' },
  'Web Development': { from: '#10324a', to: '#2f9e8f', icon: '<path d="M230 120l-80 70 80 70M370 120l80 70-80 70M330 100l-60 180" />' },
  Ministry: { from: '#4a3a10', to: '#e8c35a', icon: '<path d="M300 80v210M240 140h120" /><circle cx="300" cy="185" r="120" />' },
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Breaks a name into lines of about `width` characters, at most three. */
export function wrapWords(text: string, width = 20): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 3
    ? [
        ...lines.slice(0, 2),
        `${lines
          .slice(2)
          .join(' ')
          .slice(0, width - 1)
          .trimEnd()}…`,
      ]
    : lines;
}

/** A 600×600 WEBP card for a demo item: its category's gradient and drawing, its name and category. */
export async function renderDemoImage(name: string, category: string): Promise<Buffer> {
  const style = STYLES[category] ?? STYLES.Gifts;
  const lines = wrapWords(name);
  const text = lines
    .map((line, i) => `<text x="300" y="${420 + i * 48 - (lines.length - 1) * 24}" font-size="40" font-weight="bold">${escapeXml(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.from}"/><stop offset="1" stop-color="${style.to}"/></linearGradient></defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <circle cx="520" cy="80" r="140" fill="#fff" fill-opacity="0.07"/><circle cx="60" cy="560" r="180" fill="#fff" fill-opacity="0.06"/>
  <g fill="none" stroke="#fff" stroke-opacity="0.9" stroke-width="12" stroke-linecap="round" stroke-linejoin="round">${style.icon}</g>
  <g fill="#fff" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif">${text}
    <text x="300" y="560" font-size="22" fill-opacity="0.8" letter-spacing="4">${escapeXml(category.toUpperCase())}</text></g>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
