import type { ReactNode } from 'react';
import { ComponentError } from '../../../src/shared/component-error.ts';

/**
 * Product mock-ups drawn for this site as inline SVG: what the extension does to a web page, a PDF, a video,
 * a manga page and a photo. The company has no screenshots for us, so these are honest drawings of the
 * behaviour the pages describe, not pictures of a real screen. Inline, they cost no request, stay sharp at
 * every size, follow the colour mode through the theme's tokens (the .mk-* classes of blocks.css) and carry their own
 * width and height, so the page does not move when they are drawn. They use no ids (no gradients, clip paths
 * or patterns), so one page can show the same mock-up twice.
 */

/**
 * A page of bilingual text for the webpage mock-up: a bilingual heading or a plain title, then paragraphs as
 * original and translation. Story pages pass their own (`<Hero visual="webpage" visualTitle=… visualOriginal=…
 * visualTranslation=…>`); the default is a travel article.
 */
export interface PageText {
  address: string;
  title?: string;
  heading?: [string, string];
  pairs: [string, string][];
}

const TRAVEL: PageText = {
  address: 'travel.example.com/old-town-on-foot',
  heading: ['The old town is best explored on foot', 'Die Altstadt erkundet man am besten zu Fuß'],
  pairs: [
    [
      'Narrow lanes lead from the harbour up to the castle, and every corner hides a small café or a workshop.',
      'Enge Gassen führen vom Hafen hinauf zur Burg, und hinter jeder Ecke liegt ein kleines Café oder eine Werkstatt.',
    ],
    ['Start early: by ten the main square fills with visitors.', 'Brechen Sie früh auf: Ab zehn Uhr füllt sich der Marktplatz.'],
  ],
};

/** One drawing: its viewBox size and what it draws. */
interface Drawing {
  width: number;
  height: number;
  body: ReactNode;
}

/**
 * Each mock-up in two drawings of the same scene: `wide` for boxes of 520 px and more, `phone` for narrower
 * ones, with fewer lines and text large enough to read at 320 px (15 units or more in a 360-unit viewBox, which
 * still renders at 10 CSS px in a 248 px box). The page carries both; a container query shows the one that fits.
 */
export const MOCKUPS = {
  webpage: { wide: (text?: PageText) => webpageWide(text ?? TRAVEL), phone: (text?: PageText) => webpagePhone(text ?? TRAVEL) },
  pdf: { wide: () => fixed(640, 400, <Pdf />), phone: () => fixed(360, 384, <PdfPhone />) },
  video: { wide: () => fixed(640, 360, <Video />), phone: () => fixed(360, 232, <VideoPhone />) },
  manga: { wide: () => fixed(640, 400, <Manga />), phone: () => fixed(360, 472, <MangaPhone />) },
  image: { wide: () => fixed(640, 360, <ImageSign />), phone: () => fixed(360, 420, <ImageSignPhone />) },
} as const satisfies Record<string, { wide: (text?: PageText) => Drawing; phone: (text?: PageText) => Drawing }>;

export type MockupName = keyof typeof MOCKUPS;

export function isMockup(name: string): name is MockupName {
  return Object.hasOwn(MOCKUPS, name);
}

function fixed(width: number, height: number, body: ReactNode): Drawing {
  return { width, height, body };
}

/**
 * One mock-up as an image for assistive technology (`role="img"` with the writer's German `alt`; its texts are
 * part of the picture, not of the page), or decorative with an empty `alt`. `use` names the component and prop
 * that chose it, so an unknown name is reported at that use on the page. `text` replaces the webpage
 * mock-up's article. Both drawings sit in one box; the phone one is left out of the search index, which would
 * otherwise hold its words twice.
 */
export function Mockup({
  name,
  alt,
  className,
  use,
  text,
}: {
  name: string;
  alt: string;
  className?: string;
  use: [string, string];
  text?: PageText;
}) {
  const [component, prop] = use;
  if (!isMockup(name))
    throw new ComponentError(component, `<${component} ${prop}="${name}">: no such mock-up; there are: ${Object.keys(MOCKUPS).join(', ')}`);
  if (text && name !== 'webpage')
    throw new ComponentError(component, `<${component} ${prop}="${name}">: only the webpage mock-up takes a text of its own`);
  const { wide, phone } = MOCKUPS[name];
  return (
    <div className={`mockup-box${className ? ` ${className}` : ''}`}>
      <Svg name={name} alt={alt} variant="wide" drawing={wide(text)} />
      <Svg name={name} alt={alt} variant="phone" drawing={phone(text)} />
    </div>
  );
}

function Svg({ name, alt, variant, drawing }: { name: string; alt: string; variant: 'wide' | 'phone'; drawing: Drawing }) {
  const { width, height, body } = drawing;
  return (
    <svg
      className={`mockup mockup--${name}`}
      data-variant={variant}
      data-pagefind-ignore={variant === 'phone' ? '' : undefined}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      // The drawing's own proportions, so its box has its real height while the browser skips laying out its
      // contents (`content-visibility`, blocks.css): a size containment would otherwise drop the ratio.
      style={{ aspectRatio: `${width} / ${height}` }}
      focusable="false"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {body}
    </svg>
  );
}

/** A mock-up with an optional caption, where a page shows the product (`<ProductShot show="manga" alt="…" />`). */
export function ProductShot({ show, alt, caption }: { show: string; alt: string; caption?: string }) {
  return (
    <figure className="product-shot">
      <Mockup name={show} alt={alt} use={['ProductShot', 'show']} />
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

/**
 * Lines of at most `max` characters, broken between words: SVG text does not wrap, so the drawings break it
 * when they are rendered, by an average glyph width (about 0.55 em) that keeps the lines inside their box.
 */
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Bilingo's mark (static/img/logo.svg) at (x, y), `size` pixels wide. */
function Logo({ x, y, size }: { x: number; y: number; size: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${size / 64})`}>
      <rect width="64" height="64" rx="14" fill="#2563eb" />
      <path d="M16 18h14a8 8 0 010 16H16z" fill="#fff" />
      <path d="M22 34h16a8 8 0 010 16H22z" fill="#bfdbfe" />
      <path d="M40 14l8 6-8 6" stroke="#fff" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </g>
  );
}

/** A browser window's frame: title bar with its three dots, the address, and the extension's button. */
function Browser({
  width,
  height,
  address,
  addressSize = 11,
  children,
}: {
  width: number;
  height: number;
  address: string;
  addressSize?: number;
  children: ReactNode;
}) {
  return (
    <>
      <rect className="mk-window" x="0.5" y="0.5" width={width - 1} height={height - 1} rx="12" />
      <path className="mk-chrome" d={`M1 40V13a12 12 0 0112-12h${width - 26}a12 12 0 0112 12v27z`} />
      <circle cx="20" cy="20" r="5" fill="#f87171" />
      <circle cx="36" cy="20" r="5" fill="#fbbf24" />
      <circle cx="52" cy="20" r="5" fill="#34d399" />
      <rect className="mk-field" x="76" y="9" width={width - 140} height="22" rx="11" />
      <text className="mk-muted" x="92" y={20 + addressSize / 3} fontSize={addressSize}>
        {address}
      </text>
      <Logo x={width - 44} y={8} size={24} />
      {children}
    </>
  );
}

/**
 * One paragraph as the extension shows it: the original's lines, then the translation's beside a bar in the
 * accent colour; returns the drawing and the height it takes.
 */
function pair(y: number, x: number, original: string[], translation: string[], size: number): [ReactNode, number] {
  const line = size + 6;
  const top = y + original.length * line;
  const lines = (texts: string[], left: number) =>
    texts.map((t, i) => (
      <tspan key={`${i}:${t}`} x={left} dy={i ? line : 0}>
        {t}
      </tspan>
    ));
  return [
    <g key={y}>
      <text className="mk-text" x={x} y={y + size} fontSize={size} fontWeight={size > 16 ? 700 : 400}>
        {lines(original, x)}
      </text>
      <rect className="mk-accent" x={x} y={top + 2} width="3" height={translation.length * line} rx="1.5" />
      <text className="mk-translation" x={x + 12} y={top + size} fontSize={size}>
        {lines(translation, x + 12)}
      </text>
    </g>,
    (original.length + translation.length) * line,
  ];
}

/** A plain title's lines, bold, and the height they take. */
function title(y: number, x: number, lines: string[], size: number): [ReactNode, number] {
  const line = size + 6;
  return [
    <text key="title" className="mk-text" x={x} y={y + size} fontSize={size} fontWeight="700">
      {lines.map((t, i) => (
        <tspan key={`${i}:${t}`} x={x} dy={i ? line : 0}>
          {t}
        </tspan>
      ))}
    </text>,
    lines.length * line,
  ];
}

/** Characters that fit on a line `width` units wide at `size` (bold glyphs are wider). */
const charsFitting = (width: number, size: number, bold = false) => Math.floor(width / (size * (bold ? 0.6 : 0.55)));

/** The article in a browser, every paragraph in two languages: the wide drawing. */
function webpageWide(text: PageText): Drawing {
  const parts: ReactNode[] = [];
  let y = 62;
  if (text.heading) {
    const [node, height] = pair(
      y,
      40,
      wrap(text.heading[0], charsFitting(548, 20, true)),
      wrap(text.heading[1], charsFitting(548, 20, true)),
      20,
    );
    parts.push(node);
    y += height + 24;
  } else if (text.title) {
    const [node, height] = title(y, 40, wrap(text.title, charsFitting(548, 22, true)), 22);
    parts.push(node);
    y += height + 20;
  }
  for (const [original, translation] of text.pairs) {
    const [node, height] = pair(y, 40, wrap(original, charsFitting(548, 14)), wrap(translation, charsFitting(548, 14)), 14);
    parts.push(node);
    y += height + 28;
  }
  y += 2;
  const height = y + 104;
  return {
    width: 640,
    height,
    body: (
      <Browser width={640} height={height} address={text.address}>
        {parts}
        <rect className="mk-line" x="40" y={y} width="520" height="8" rx="4" />
        <rect className="mk-line" x="40" y={y + 16} width="470" height="8" rx="4" />
        <rect className="mk-line mk-fade" x="40" y={y + 32} width="500" height="8" rx="4" />
        <rect className="mk-pill" x="432" y={y + 56} width="184" height="30" rx="15" />
        <text className="mk-on-pill" x="524" y={y + 76} fontSize="13" textAnchor="middle">
          Zweisprachig · EN → DE
        </text>
      </Browser>
    ),
  };
}

/** The same article on a phone: the site without its path, the heading and the first paragraph only. */
function webpagePhone(text: PageText): Drawing {
  const parts: ReactNode[] = [];
  let y = 58;
  if (text.heading) {
    const [node, height] = pair(
      y,
      20,
      wrap(text.heading[0], charsFitting(316, 20, true)),
      wrap(text.heading[1], charsFitting(304, 20, true)),
      20,
    );
    parts.push(node);
    y += height + 20;
  } else if (text.title) {
    const [node, height] = title(y, 20, wrap(text.title, charsFitting(316, 20, true)), 20);
    parts.push(node);
    y += height + 18;
  }
  const [original, translation] = text.pairs[0];
  const [node, height] = pair(y, 20, wrap(original, charsFitting(316, 16)), wrap(translation, charsFitting(304, 16)), 16);
  parts.push(node);
  y += height + 24;
  const total = y + 50;
  return {
    width: 360,
    height: total,
    body: (
      <Browser width={360} height={total} address={text.address.split('/')[0]} addressSize={15}>
        {parts}
        <rect className="mk-pill" x="224" y={y} width="116" height="32" rx="16" />
        <text className="mk-on-pill" x="282" y={y + 21} fontSize="15" textAnchor="middle">
          EN → DE
        </text>
      </Browser>
    ),
  };
}

/** One PDF page: heading, two columns of body text, a chart with its caption and a small table. */
function PdfPage({ x, title, caption, head }: { x: number; title: string; caption: string; head: string[] }) {
  const bars = [46, 70, 34, 58];
  return (
    <g transform={`translate(${x} 64)`}>
      <rect className="mk-paper" width="276" height="320" rx="4" />
      <text className="mk-ink" x="20" y="34" fontSize="15" fontWeight="700">
        {title}
      </text>
      {[52, 62, 72, 82, 92].map((y, i) => (
        <g key={y}>
          <rect className="mk-ink-line" x="20" y={y} width={i === 4 ? 70 : 112} height="4" rx="2" />
          <rect className="mk-ink-line" x="144" y={y} width={i === 4 ? 90 : 112} height="4" rx="2" />
        </g>
      ))}
      <rect className="mk-ink-frame" x="20" y="110" width="236" height="96" rx="3" />
      {bars.map((h, i) => (
        <rect key={h} fill="#3b82f6" opacity={0.55 + i * 0.12} x={48 + i * 50} y={196 - h} width="28" height={h} />
      ))}
      <text className="mk-ink-muted" x="20" y="222" fontSize="11">
        {caption}
      </text>
      {[0, 1, 2].map((row) => (
        <g key={row}>
          <rect className={row ? 'mk-ink-row' : 'mk-ink-head'} x="20" y={234 + row * 24} width="236" height="22" />
          {(row ? [row === 1 ? 'A' : 'B', row === 1 ? '20 cm' : '35 cm', row === 1 ? '6.8' : '6.4'] : head).map((cell, col) => (
            <text key={cell} className="mk-ink" x={30 + col * 80} y={249 + row * 24} fontSize="11" fontWeight={row ? 400 : 700}>
              {cell}
            </text>
          ))}
        </g>
      ))}
    </g>
  );
}

function Pdf() {
  return (
    <>
      <rect className="mk-window" x="0.5" y="0.5" width="639" height="399" rx="12" />
      <path className="mk-chrome" d="M1 40V13a12 12 0 0112-12h614a12 12 0 0112 12v27z" />
      <text className="mk-text" x="20" y="25" fontSize="12" fontWeight="700">
        soil-survey.pdf
      </text>
      <rect className="mk-pill" x="468" y="9" width="152" height="22" rx="11" />
      <text className="mk-on-pill" x="544" y="24" fontSize="11" textAnchor="middle">
        Nebeneinander
      </text>
      <text className="mk-muted" x="32" y="56" fontSize="11">
        Original
      </text>
      <text className="mk-muted" x="332" y="56" fontSize="11">
        Übersetzung · Layout erhalten
      </text>
      <PdfPage x={32} title="Soil Sample Survey" caption="Fig. 1  Samples per site" head={['Site', 'Depth', 'pH']} />
      <PdfPage x={332} title="Bodenproben im Überblick" caption="Abb. 1  Proben je Standort" head={['Ort', 'Tiefe', 'pH']} />
    </>
  );
}

/** One PDF page on a phone: title, text lines, chart, caption and a two-column table. */
function PdfPagePhone({ x, title, caption, head }: { x: number; title: string; caption: string; head: [string, string] }) {
  const bars = [30, 46, 22, 38];
  const rows = [head, ['A', '6.8'], ['B', '6.4']];
  return (
    <g transform={`translate(${x} 80)`}>
      <rect className="mk-paper" width="160" height="292" rx="4" />
      <text className="mk-ink" x="12" y="28" fontSize="16" fontWeight="700">
        {title}
      </text>
      {[42, 52, 62, 72].map((y, i) => (
        <rect key={y} className="mk-ink-line" x="12" y={y} width={i === 3 ? 80 : 136} height="4" rx="2" />
      ))}
      <rect className="mk-ink-frame" x="12" y="84" width="136" height="80" rx="3" />
      {bars.map((h, i) => (
        <rect key={h} fill="#3b82f6" opacity={0.55 + i * 0.12} x={28 + i * 30} y={156 - h} width="18" height={h} />
      ))}
      <text className="mk-ink-muted" x="12" y="188" fontSize="15">
        {caption}
      </text>
      {rows.map((cells, row) => (
        <g key={cells[0]}>
          <rect className={row ? 'mk-ink-row' : 'mk-ink-head'} x="12" y={198 + row * 30} width="136" height="28" />
          {cells.map((cell, col) => (
            <text key={cell} className="mk-ink" x={22 + col * 70} y={218 + row * 30} fontSize="15" fontWeight={row ? 400 : 700}>
              {cell}
            </text>
          ))}
        </g>
      ))}
    </g>
  );
}

function PdfPhone() {
  return (
    <>
      <rect className="mk-window" x="0.5" y="0.5" width="359" height="383" rx="12" />
      <path className="mk-chrome" d="M1 44V13a12 12 0 0112-12h334a12 12 0 0112 12v31z" />
      <text className="mk-text" x="16" y="28" fontSize="15" fontWeight="700">
        soil-survey.pdf
      </text>
      <rect className="mk-pill" x="206" y="9" width="140" height="26" rx="13" />
      <text className="mk-on-pill" x="276" y="27" fontSize="15" textAnchor="middle">
        Nebeneinander
      </text>
      <text className="mk-muted" x="16" y="70" fontSize="15">
        Original
      </text>
      <text className="mk-muted" x="188" y="70" fontSize="15">
        Übersetzung
      </text>
      <PdfPagePhone x={12} title="Soil Samples" caption="Fig. 1" head={['Site', 'pH']} />
      <PdfPagePhone x={188} title="Bodenproben" caption="Abb. 1" head={['Ort', 'pH']} />
    </>
  );
}

/** The video's picture without player or subtitles: sky, sun, mountains and a bird, 640 units wide. */
function VideoScene() {
  return (
    <>
      <rect x="0" y="0" width="640" height="220" rx="12" fill="#1e3a5f" />
      <circle cx="492" cy="92" r="34" fill="#fbbf24" opacity="0.85" />
      <path d="M0 214L120 120l70 56 110-104 130 118 70-50 140 88v138H0z" fill="#27496d" />
      <path d="M0 262l150-70 120 50 140-84 120 72 110-40v170H0z" fill="#16324f" />
      <path d="M300 72l12 14h-24z" fill="#e2e8f0" />
    </>
  );
}

function Video() {
  return (
    <>
      <rect x="0" y="0" width="640" height="360" rx="12" fill="#0b1726" />
      <VideoScene />
      <g className="mk-subtitle" textAnchor="middle" fontSize="21" fontWeight="600">
        <text x="320" y="258" fill="#ffffff">
          We're almost at the summit.
        </text>
        <text x="320" y="288" fill="#fde68a">
          Wir sind fast am Gipfel.
        </text>
      </g>
      <rect x="0" y="312" width="640" height="48" fill="#000" opacity="0.55" />
      <rect x="16" y="318" width="608" height="4" rx="2" fill="#64748b" />
      <rect x="16" y="318" width="252" height="4" rx="2" fill="#60a5fa" />
      <circle cx="268" cy="320" r="6" fill="#ffffff" />
      <path d="M22 332l14 9-14 9z" fill="#ffffff" />
      <text x="52" y="346" fontSize="12" fill="#e2e8f0">
        12:48 / 31:05
      </text>
      <rect x="540" y="332" width="34" height="18" rx="3" fill="#ffffff" />
      <text x="557" y="345" fontSize="11" fontWeight="700" textAnchor="middle" fill="#0b1726">
        CC
      </text>
      <Logo x={588} y={330} size={22} />
    </>
  );
}

/** The video on a phone: the picture at 9/16 of its size, subtitles and player controls large enough to read. */
function VideoPhone() {
  return (
    <>
      <rect x="0" y="0" width="360" height="232" rx="12" fill="#0b1726" />
      <g transform="scale(0.5625)">
        <VideoScene />
      </g>
      <g className="mk-subtitle" textAnchor="middle" fontSize="17" fontWeight="600">
        <text x="180" y="134" fill="#ffffff">
          We're almost at the summit.
        </text>
        <text x="180" y="158" fill="#fde68a">
          Wir sind fast am Gipfel.
        </text>
      </g>
      <rect x="0" y="184" width="360" height="48" fill="#000" opacity="0.55" />
      <rect x="12" y="190" width="336" height="4" rx="2" fill="#64748b" />
      <rect x="12" y="190" width="139" height="4" rx="2" fill="#60a5fa" />
      <circle cx="151" cy="192" r="6" fill="#ffffff" />
      <path d="M16 204l12 8-12 8z" fill="#ffffff" />
      <text x="40" y="218" fontSize="15" fill="#e2e8f0">
        12:48 / 31:05
      </text>
      <rect x="276" y="202" width="38" height="22" rx="3" fill="#ffffff" />
      <text x="295" y="218" fontSize="15" fontWeight="700" textAnchor="middle" fill="#0b1726">
        CC
      </text>
      <Logo x={324} y={202} size={24} />
    </>
  );
}

/** A speech bubble: an ellipse with a tail towards (tx, ty) and centred lines of text. */
function Bubble({
  cx,
  cy,
  rx,
  ry,
  tx,
  ty,
  lines,
}: {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  tx: number;
  ty: number;
  lines: string[];
}) {
  return (
    <g>
      <path d={`M${cx - 12} ${cy + ry - 6}L${tx} ${ty}L${cx + 10} ${cy + ry - 4}z`} fill="#fff" stroke="#111" strokeWidth="2" />
      <ellipse cx={cx} cy={cy} rx={rx} ry={ry} fill="#fff" stroke="#111" strokeWidth="2" />
      <text x={cx} y={cy - (lines.length - 1) * 8 + 5} fontSize="14" fontWeight="700" textAnchor="middle" fill="#111">
        {lines.map((t, i) => (
          <tspan key={t} x={cx} dy={i ? 16 : 0}>
            {t}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/** A manga face: hair in spikes, eyes with highlights, an open mouth; `x` and `y` place it. */
function Face({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} stroke="#111" strokeWidth="2.5" strokeLinejoin="round">
      <path d="M-30 60q-6 40 30 52q36-12 30-52z" fill="#fff" />
      <path
        d="M-44 4l10 6-8-22 16 12 2-24 14 18 10-22 6 24 16-14-4 22 16-4-10 16 10 12-16-2q4 30-8 44q4-36-28-46q-20 16-44 14q-4 20-6 38q-10-20-6-44z"
        fill="#1f2937"
      />
      <path d="M-40 30q-6 60 40 70q46-10 40-70q-20 14-40 4q-20 10-40-4z" fill="#fff" />
      <ellipse cx="-16" cy="52" rx="7" ry="11" fill="#111" />
      <ellipse cx="18" cy="52" rx="7" ry="11" fill="#111" />
      <circle cx="-14" cy="48" r="2.5" fill="#fff" stroke="none" />
      <circle cx="20" cy="48" r="2.5" fill="#fff" stroke="none" />
      <path d="M-4 80q6 8 12 0q-6-4-12 0z" fill="#7f1d1d" />
    </g>
  );
}

/** The manga page's right column, 328–624 × 16–384: the shout at the platform and the train leaving. */
function MangaRight() {
  const speed = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  return (
    <>
      <g fill="#fff" stroke="#111" strokeWidth="3">
        <rect x="328" y="16" width="296" height="180" />
        <rect x="328" y="208" width="296" height="176" />
      </g>
      {speed.map((i) => (
        <line key={i} x1={340 + i * 24} y1="24" x2={420 + i * 4} y2="110" stroke="#9ca3af" strokeWidth="1.5" />
      ))}
      <Face x={430} y={70} />
      <Bubble cx={556} cy={68} rx={56} ry={36} tx={492} ty={112} lines={['Warte!', 'Mein Zug!']} />
      <g stroke="#111" strokeWidth="2.5" fill="#e5e7eb">
        <rect x="392" y="270" width="220" height="70" rx="10" />
        <line x1="340" y1="352" x2="612" y2="352" />
        <line x1="340" y1="364" x2="612" y2="364" />
      </g>
      {[410, 460, 510, 560].map((x) => (
        <rect key={x} x={x} y="284" width="36" height="24" rx="3" fill="#94a3b8" stroke="#111" strokeWidth="2" />
      ))}
      {[0, 1, 2, 3].map((i) => (
        <line key={i} x1="346" y1={280 + i * 16} x2="380" y2={280 + i * 16} stroke="#111" strokeWidth="2" />
      ))}
      <Bubble cx={420} cy={240} rx={60} ry={22} tx={380} ty={272} lines={['Zu spät …']} />
    </>
  );
}

function Manga() {
  return (
    <>
      <rect x="0" y="0" width="640" height="400" rx="12" fill="#fafaf9" />
      <rect x="16" y="16" width="300" height="368" fill="#fff" stroke="#111" strokeWidth="3" />
      <MangaRight />
      <g stroke="#111" strokeWidth="2.5">
        <rect x="36" y="262" width="260" height="40" rx="4" fill="#d6d3d1" />
        <line x1="36" y1="282" x2="296" y2="282" />
        <rect x="28" y="326" width="276" height="12" fill="#a8a29e" />
        <line x1="50" y1="338" x2="50" y2="376" strokeWidth="3" />
        <line x1="282" y1="338" x2="282" y2="376" strokeWidth="3" />
        <path d="M112 376q0-78 54-84q54 6 54 84z" fill="#1f2937" />
      </g>
      <Face x={166} y={164} scale={1.15} />
      <circle cx="264" cy="62" r="24" fill="#fff" stroke="#111" strokeWidth="2.5" />
      <path d="M264 46v16l10 6" stroke="#111" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <Bubble cx={122} cy={74} rx={96} ry={42} tx={150} ty={140} lines={['Dann nehme ich', 'eben den nächsten.']} />
      <rect className="mk-pill" x="24" y="346" width="150" height="28" rx="14" />
      <text className="mk-on-pill" x="99" y="364" fontSize="12" textAnchor="middle">
        Übersetzt · JA → DE
      </text>
    </>
  );
}

/** The manga on a phone: the right column alone, enlarged, so the bubbles' words are large enough to read. */
function MangaPhone() {
  return (
    <>
      <rect x="0" y="0" width="360" height="472" rx="12" fill="#fafaf9" />
      <g transform="translate(12 8) scale(1.135) translate(-328 -16)">
        <MangaRight />
      </g>
      <rect className="mk-pill" x="12" y="436" width="196" height="28" rx="14" />
      <text className="mk-on-pill" x="110" y="455" fontSize="15" textAnchor="middle">
        Übersetzt · JA → DE
      </text>
    </>
  );
}

/**
 * A bakery front as photographed, with its sign and door sign in `words`; `x` and `y` place the photo. Without
 * `door` the door sign stays blank (the phone drawing shows the sign alone, too small a word otherwise).
 */
function Shopfront({ x, y = 40, words, door = true }: { x: number; y?: number; words: [string, string]; door?: boolean }) {
  const stripes = [0, 1, 2, 3, 4, 5, 6, 7];
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="300" height="300" rx="8" fill="#bfdbfe" />
      <rect y="40" width="300" height="260" fill="#e7d8c9" />
      <rect x="20" y="52" width="260" height="42" rx="4" fill="#14532d" />
      <text x="150" y="81" fontSize="22" fontWeight="800" textAnchor="middle" fill="#fef3c7" letterSpacing="2">
        {words[0]}
      </text>
      {stripes.map((i) => (
        <path key={i} d={`M${10 + i * 35} 104h35l-4 28h-27z`} fill={i % 2 ? '#fff' : '#dc2626'} />
      ))}
      <rect x="24" y="148" width="140" height="100" rx="4" fill="#78350f" />
      <rect x="30" y="154" width="128" height="88" fill="#fde68a" opacity="0.9" />
      <ellipse cx="64" cy="222" rx="24" ry="12" fill="#d97706" />
      <ellipse cx="118" cy="220" rx="28" ry="14" fill="#b45309" />
      <ellipse cx="92" cy="196" rx="20" ry="10" fill="#f59e0b" />
      <rect x="186" y="146" width="84" height="154" rx="4" fill="#7c2d12" />
      <rect x="190" y="186" width="76" height="28" rx="3" fill="#fff" />
      <line x1="228" y1="170" x2="214" y2="186" stroke="#451a03" strokeWidth="1.5" />
      <line x1="228" y1="170" x2="242" y2="186" stroke="#451a03" strokeWidth="1.5" />
      {door ? (
        <text x="228" y="205" fontSize="11" fontWeight="700" textAnchor="middle" fill="#166534">
          {words[1]}
        </text>
      ) : null}
    </g>
  );
}

function ImageSign() {
  return (
    <>
      <rect className="mk-window" x="0.5" y="0.5" width="639" height="359" rx="12" />
      <text className="mk-muted" x="20" y="27" fontSize="12">
        Original
      </text>
      <text className="mk-muted" x="334" y="27" fontSize="12">
        Übersetzt · ES → DE
      </text>
      <Shopfront x={14} words={['PANADERÍA', 'ABIERTO']} />
      <Shopfront x={326} words={['BÄCKEREI', 'GEÖFFNET']} />
      <Logo x={594} y={48} size={24} />
    </>
  );
}

/** The photos on a phone: one above the other, each cropped to its shop sign and awning. */
function ImageSignPhone() {
  return (
    <>
      <rect className="mk-window" x="0.5" y="0.5" width="359" height="419" rx="12" />
      <text className="mk-muted" x="16" y="28" fontSize="15">
        Original
      </text>
      <svg x="12" y="40" width="336" height="157" viewBox="0 0 300 140" aria-hidden="true">
        <Shopfront x={0} y={0} words={['PANADERÍA', 'ABIERTO']} door={false} />
      </svg>
      <text className="mk-muted" x="16" y="232" fontSize="15">
        Übersetzt · ES → DE
      </text>
      <svg x="12" y="244" width="336" height="157" viewBox="0 0 300 140" aria-hidden="true">
        <Shopfront x={0} y={0} words={['BÄCKEREI', 'GEÖFFNET']} door={false} />
      </svg>
      <Logo x={324} y={12} size={24} />
    </>
  );
}

/**
 * A row of text beside a mock-up (`<Showcase visual="pdf" alt="…" side="left">Markdown</Showcase>`); rows
 * alternate when every other one sets `side="left"`. On narrow screens the mock-up follows its text.
 */
export function Showcase({ visual, alt, side, children }: { visual: string; alt: string; side?: string; children?: ReactNode }) {
  if (side !== undefined && side !== 'left' && side !== 'right')
    throw new ComponentError('Showcase', `<Showcase side="${side}">: the mock-up sits "left" or "right"`);
  return (
    <div className={`showcase${side === 'left' ? ' showcase--left' : ''}`}>
      <div className="showcase__text">{children}</div>
      <Mockup name={visual} alt={alt} className="showcase__visual" use={['Showcase', 'visual']} />
    </div>
  );
}
