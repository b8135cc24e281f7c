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

/** The mock-ups MDX can name (`<ProductShot show="pdf">`, `<Hero visual="webpage">`). */
export const MOCKUPS = {
  webpage: { width: 640, height: 420, draw: Webpage },
  pdf: { width: 640, height: 400, draw: Pdf },
  video: { width: 640, height: 360, draw: Video },
  manga: { width: 640, height: 400, draw: Manga },
  image: { width: 640, height: 360, draw: ImageSign },
} as const;

export type MockupName = keyof typeof MOCKUPS;

export function isMockup(name: string): name is MockupName {
  return Object.hasOwn(MOCKUPS, name);
}

/**
 * One mock-up as an image for assistive technology (`role="img"` with the writer's German `alt`; its texts are
 * part of the picture, not of the page), or decorative with an empty `alt`. `use` names the component and prop
 * that chose it, so an unknown name is reported at that use on the page.
 */
export function Mockup({ name, alt, className, use }: { name: string; alt: string; className?: string; use: [string, string] }) {
  if (!isMockup(name)) {
    const [component, prop] = use;
    throw new ComponentError(component, `<${component} ${prop}="${name}">: no such mock-up; there are: ${Object.keys(MOCKUPS).join(', ')}`);
  }
  const { width, height, draw: Draw } = MOCKUPS[name];
  return (
    <svg
      className={`mockup mockup--${name}${className ? ` ${className}` : ''}`}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      focusable="false"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      <Draw />
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
function Browser({ width, height, address, children }: { width: number; height: number; address: string; children: ReactNode }) {
  return (
    <>
      <rect className="mk-window" x="0.5" y="0.5" width={width - 1} height={height - 1} rx="12" />
      <path className="mk-chrome" d={`M1 40V13a12 12 0 0112-12h${width - 26}a12 12 0 0112 12v27z`} />
      <circle cx="20" cy="20" r="5" fill="#f87171" />
      <circle cx="36" cy="20" r="5" fill="#fbbf24" />
      <circle cx="52" cy="20" r="5" fill="#34d399" />
      <rect className="mk-field" x="76" y="9" width={width - 140} height="22" rx="11" />
      <text className="mk-muted" x="92" y="24" fontSize="11">
        {address}
      </text>
      <Logo x={width - 44} y={8} size={24} />
      {children}
    </>
  );
}

/** One paragraph as the extension shows it: the original, then its translation beside a bar in the accent colour. */
function Pair({ y, original, translation, size = 14 }: { y: number; original: string[]; translation: string[]; size?: number }) {
  const line = size + 6;
  const top = y + original.length * line;
  return (
    <>
      <text className="mk-text" x="40" y={y + size} fontSize={size} fontWeight={size > 16 ? 700 : 400}>
        {original.map((t, i) => (
          <tspan key={t} x="40" dy={i ? line : 0}>
            {t}
          </tspan>
        ))}
      </text>
      <rect className="mk-accent" x="40" y={top + 2} width="3" height={translation.length * line} rx="1.5" />
      <text className="mk-translation" x="52" y={top + size} fontSize={size}>
        {translation.map((t, i) => (
          <tspan key={t} x="52" dy={i ? line : 0}>
            {t}
          </tspan>
        ))}
      </text>
    </>
  );
}

function Webpage() {
  return (
    <Browser width={640} height={420} address="travel.example.com/old-town-on-foot">
      <Pair
        y={62}
        size={20}
        original={['The old town is best explored on foot']}
        translation={['Die Altstadt erkundet man am besten zu Fuß']}
      />
      <Pair
        y={138}
        original={['Narrow lanes lead from the harbour up to the castle,', 'and every corner hides a small café or a workshop.']}
        translation={['Enge Gassen führen vom Hafen hinauf zur Burg, und hinter', 'jeder Ecke liegt ein kleines Café oder eine Werkstatt.']}
      />
      <Pair
        y={246}
        original={['Start early: by ten the main square fills with visitors.']}
        translation={['Brechen Sie früh auf: Ab zehn Uhr füllt sich der Marktplatz.']}
      />
      <rect className="mk-line" x="40" y="316" width="520" height="8" rx="4" />
      <rect className="mk-line" x="40" y="332" width="470" height="8" rx="4" />
      <rect className="mk-line mk-fade" x="40" y="348" width="500" height="8" rx="4" />
      <rect className="mk-pill" x="432" y="372" width="184" height="30" rx="15" />
      <text className="mk-on-pill" x="524" y="391" fontSize="12" textAnchor="middle">
        Zweisprachig · EN → DE
      </text>
    </Browser>
  );
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
      <text className="mk-ink-muted" x="20" y="222" fontSize="10">
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

function Video() {
  return (
    <>
      <rect x="0" y="0" width="640" height="360" rx="12" fill="#0b1726" />
      <rect x="0" y="0" width="640" height="220" rx="12" fill="#1e3a5f" />
      <circle cx="492" cy="92" r="34" fill="#fbbf24" opacity="0.85" />
      <path d="M0 214L120 120l70 56 110-104 130 118 70-50 140 88v138H0z" fill="#27496d" />
      <path d="M0 262l150-70 120 50 140-84 120 72 110-40v170H0z" fill="#16324f" />
      <path d="M300 72l12 14h-24z" fill="#e2e8f0" />
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

function Manga() {
  const speed = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  return (
    <>
      <rect x="0" y="0" width="640" height="400" rx="12" fill="#fafaf9" />
      <g fill="#fff" stroke="#111" strokeWidth="3">
        <rect x="328" y="16" width="296" height="180" />
        <rect x="328" y="208" width="296" height="176" />
        <rect x="16" y="16" width="300" height="368" />
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

/** A bakery front as photographed, with its sign and door sign in `words`; `x` places the photo. */
function Shopfront({ x, words }: { x: number; words: [string, string] }) {
  const stripes = [0, 1, 2, 3, 4, 5, 6, 7];
  return (
    <g transform={`translate(${x} 40)`}>
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
      <text x="228" y="204" fontSize="10" fontWeight="700" textAnchor="middle" fill="#166534">
        {words[1]}
      </text>
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
