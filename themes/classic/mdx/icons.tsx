import { createElement } from 'react';
import type { IconNode } from 'lucide';
import BookOpen from 'lucide/dist/esm/icons/book-open.mjs';
import Captions from 'lucide/dist/esm/icons/captions.mjs';
import Clapperboard from 'lucide/dist/esm/icons/clapperboard.mjs';
import ExternalLink from 'lucide/dist/esm/icons/external-link.mjs';
import FileText from 'lucide/dist/esm/icons/file-text.mjs';
import Folder from 'lucide/dist/esm/icons/folder.mjs';
import Globe from 'lucide/dist/esm/icons/globe.mjs';
import Image from 'lucide/dist/esm/icons/image.mjs';
import Keyboard from 'lucide/dist/esm/icons/keyboard.mjs';
import MessageCircle from 'lucide/dist/esm/icons/message-circle.mjs';
import MousePointer2 from 'lucide/dist/esm/icons/mouse-pointer-2.mjs';
import PenLine from 'lucide/dist/esm/icons/pen-line.mjs';
import Share2 from 'lucide/dist/esm/icons/share-2.mjs';

/**
 * The icons MDX can name (`<Feature icon="globe">`), by their Lucide names: drawn from Lucide's shapes at build
 * time as inline SVG, so they look the same on every system (emoji differ per OS) and cost no request and no
 * script. Each icon is imported from its own module: the CLI's bundle resolves the package's CommonJS entry,
 * which would bring all of Lucide's icons along. Add one by importing its file (`icons/<name>.mjs`) here.
 */
export const ICONS: Record<string, IconNode> = {
  'book-open': BookOpen,
  captions: Captions,
  clapperboard: Clapperboard,
  'external-link': ExternalLink,
  'file-text': FileText,
  folder: Folder,
  globe: Globe,
  image: Image,
  keyboard: Keyboard,
  'message-circle': MessageCircle,
  'mouse-pointer-2': MousePointer2,
  'pen-line': PenLine,
  'share-2': Share2,
};

/** Lucide writes SVG attributes as in markup (`stroke-width`); React wants them camel-cased. */
const reactName = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The shapes of one of ICONS as React elements, for an `<svg>` of 24 by 24. */
export function iconShapes(name: string) {
  return ICONS[name]!.map(([tag, attributes], i) =>
    createElement(tag, { key: i, ...Object.fromEntries(Object.entries(attributes).map(([k, v]) => [reactName(k), v])) }),
  );
}

/** One icon, decorative (its text says what it stands for), in the colour of the text around it. */
export function Icon({ name, className }: { name: string; className?: string }) {
  const node = ICONS[name];
  if (!node) throw new Error(`icon="${name}": no such icon in the theme; it has: ${Object.keys(ICONS).join(', ')}`);
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {iconShapes(name)}
    </svg>
  );
}
