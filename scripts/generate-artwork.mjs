#!/usr/bin/env node
// Writes the site's artwork (client/public/images) as small SVG scenes: night skies with
// aurora, fells, forest and a subject per tour, and for every tour a second picture of its own:
// the place it goes from, in its light, with the tour's subject in it. Deterministic: the same
// names give the same files. Run with tsx, since it reads the seed's tours:
// `npx tsx scripts/generate-artwork.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'client', 'public', 'images');
const W = 1200;
const H = 800;

function random(seedText) {
  let seed = [...seedText].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 2166136261);
  return () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296);
}

const SKIES = {
  night: ['#050d1f', '#0b1d3a', '#16325c'],
  dusk: ['#1b2450', '#5a4a8a', '#e89bb0'],
  day: ['#6fa8dc', '#a9cdef', '#e6f1fb'],
  gold: ['#23345e', '#c9795b', '#f6cf7a'],
  blue: ['#0f2a4a', '#3d6d99', '#a6c8e4'],
};

const ridge = (rand, base, amplitude, steps = 14) => {
  const points = [];
  for (let i = 0; i <= steps; i++) points.push(`${Math.round((i / steps) * W)},${Math.round(base - rand() * amplitude)}`);
  return `M0,${H} L${points.join(' L')} L${W},${H} Z`;
};

const stars = (rand, count) =>
  Array.from({ length: count }, () => `<circle cx="${Math.round(rand() * W)}" cy="${Math.round(rand() * 380)}" r="${(rand() * 1.6 + 0.4).toFixed(1)}"/>`).join('');

const aurora = (rand, colour) => {
  const bands = [];
  for (let b = 0; b < 3; b++) {
    const y = 120 + b * 60 + rand() * 40;
    let d = `M-50,${Math.round(y)}`;
    for (let x = 0; x <= W + 100; x += 150) d += ` Q${x + 75},${Math.round(y - 80 + rand() * 160)} ${x + 150},${Math.round(y + rand() * 40 - 20)}`;
    bands.push(`<path d="${d}" fill="none" stroke="url(#aur)" stroke-width="${60 - b * 15}" stroke-linecap="round" opacity="${0.55 - b * 0.12}"/>`);
  }
  return `<defs><linearGradient id="aur" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour}" stop-opacity="0.1"/><stop offset="0.6" stop-color="${colour}"/><stop offset="1" stop-color="#b7ffdf" stop-opacity="0.9"/></linearGradient></defs>${bands.join('')}`;
};

const spruce = (x, y, size, fill) =>
  `<path d="M${x},${y - size} L${x + size * 0.35},${y - size * 0.45} L${x + size * 0.2},${y - size * 0.45} L${x + size * 0.45},${y} L${x - size * 0.45},${y} L${x - size * 0.2},${y - size * 0.45} L${x - size * 0.35},${y - size * 0.45} Z" fill="${fill}"/>`;

const forest = (rand, y, count, fill) =>
  Array.from({ length: count }, () => spruce(Math.round(rand() * W), Math.round(y + rand() * 30), Math.round(50 + rand() * 70), fill)).join('');

const animal = (x, y, scale, fill, antlers) => {
  const s = (n) => Math.round(n * scale);
  const body = `<ellipse cx="${x}" cy="${y}" rx="${s(60)}" ry="${s(28)}" fill="${fill}"/>`;
  const legs = [-40, -20, 25, 45].map((dx) => `<rect x="${x + s(dx)}" y="${y + s(10)}" width="${s(9)}" height="${s(55)}" fill="${fill}"/>`).join('');
  const neck = `<path d="M${x + s(40)},${y - s(10)} L${x + s(70)},${y - s(50)} L${x + s(90)},${y - s(45)} L${x + s(60)},${y + s(5)} Z" fill="${fill}"/>`;
  const head = `<ellipse cx="${x + s(92)}" cy="${y - s(42)}" rx="${s(22)}" ry="${s(12)}" fill="${fill}"/>`;
  const horns =
    antlers === 'moose'
      ? `<path d="M${x + s(78)},${y - s(55)} q${s(-30)},${s(-30)} ${s(-50)},${s(-20)} l${s(10)},${s(-10)} l${s(10)},${s(8)} l${s(8)},${s(-12)} l${s(10)},${s(10)} Z" fill="${fill}"/>`
      : `<path d="M${x + s(82)},${y - s(52)} l${s(-10)},${s(-45)} m0,${s(20)} l${s(-18)},${s(-12)} M${x + s(90)},${y - s(52)} l${s(8)},${s(-42)} m${s(-3)},${s(18)} l${s(16)},${s(-10)}" stroke="${fill}" stroke-width="${s(5)}" fill="none"/>`;
  return body + legs + neck + head + horns;
};

const dogTeam = (x, y, fill) => {
  const dogs = Array.from({ length: 6 }, (_, i) => {
    const dx = x + i * 46;
    return `<ellipse cx="${dx}" cy="${y}" rx="18" ry="8" fill="${fill}"/><circle cx="${dx + 18}" cy="${y - 8}" r="7" fill="${fill}"/><rect x="${dx - 12}" y="${y + 4}" width="4" height="14" fill="${fill}"/><rect x="${dx + 8}" y="${y + 4}" width="4" height="14" fill="${fill}"/>`;
  }).join('');
  const sled = `<path d="M${x - 130},${y + 18} L${x - 40},${y + 18} L${x - 30},${y + 10}" stroke="${fill}" stroke-width="5" fill="none"/><rect x="${x - 120}" y="${y - 20}" width="60" height="30" fill="${fill}"/><circle cx="${x - 100}" cy="${y - 45}" r="11" fill="${fill}"/><rect x="${x - 110}" y="${y - 35}" width="20" height="30" fill="${fill}"/>`;
  const line = `<line x1="${x - 40}" y1="${y}" x2="${x + 240}" y2="${y}" stroke="${fill}" stroke-width="2"/>`;
  return line + sled + dogs;
};

const snowmobile = (x, y, fill, light) =>
  `<path d="M${x},${y} L${x + 150},${y} L${x + 190},${y - 25} L${x + 140},${y - 45} L${x + 60},${y - 45} L${x + 30},${y - 20} Z" fill="${fill}"/><path d="M${x - 10},${y + 12} L${x + 170},${y + 12} Q${x + 200},${y + 12} ${x + 205},${y}" stroke="${fill}" stroke-width="6" fill="none"/><circle cx="${x + 100}" cy="${y - 70}" r="14" fill="${fill}"/><rect x="${x + 88}" y="${y - 58}" width="26" height="30" fill="${fill}"/>${light ? `<path d="M${x + 190},${y - 25} L${x + 420},${y - 80} L${x + 420},${y + 30} Z" fill="#fff6c8" opacity="0.25"/>` : ''}`;

const fire = (x, y) =>
  `<circle cx="${x}" cy="${y - 20}" r="70" fill="#ffb347" opacity="0.18"/><path d="M${x - 22},${y} Q${x - 25},${y - 40} ${x},${y - 70} Q${x + 25},${y - 40} ${x + 22},${y} Z" fill="#ff8a3d"/><path d="M${x - 10},${y} Q${x - 10},${y - 25} ${x},${y - 42} Q${x + 10},${y - 25} ${x + 10},${y} Z" fill="#ffd36e"/><rect x="${x - 35}" y="${y - 4}" width="70" height="8" fill="#4a2e1c" transform="rotate(8 ${x} ${y})"/>`;

const person = (x, y, fill, scale = 1) =>
  `<circle cx="${x}" cy="${y - 70 * scale}" r="${11 * scale}" fill="${fill}"/><path d="M${x - 14 * scale},${y - 56 * scale} L${x + 14 * scale},${y - 56 * scale} L${x + 12 * scale},${y - 18 * scale} L${x + 8 * scale},${y} L${x - 8 * scale},${y} L${x - 12 * scale},${y - 18 * scale} Z" fill="${fill}"/>`;

const cabin = (x, y, fill) =>
  `<path d="M${x - 90},${y} L${x - 90},${y - 70} L${x},${y - 130} L${x + 90},${y - 70} L${x + 90},${y} Z" fill="${fill}"/><rect x="${x - 60}" y="${y - 60}" width="34" height="28" fill="#ffd27a"/><rect x="${x + 24}" y="${y - 60}" width="34" height="28" fill="#ffd27a"/><path d="M${x - 100},${y - 68} L${x},${y - 140} L${x + 100},${y - 68}" stroke="#f4f8ff" stroke-width="10" fill="none"/>`;

const lavvu = (x, y, fill) =>
  `<path d="M${x - 80},${y} L${x},${y - 160} L${x + 80},${y} Z" fill="${fill}"/><path d="M${x - 20},${y} L${x},${y - 60} L${x + 20},${y} Z" fill="#ffb347"/><path d="M${x - 10},${y - 150} L${x - 25},${y - 190} M${x + 10},${y - 150} L${x + 25},${y - 190}" stroke="${fill}" stroke-width="5"/>`;

const igloo = (x, y) =>
  `<path d="M${x - 110},${y} A110,110 0 0 1 ${x + 110},${y} Z" fill="#9fd8ff" opacity="0.35" stroke="#e6f6ff" stroke-width="4"/><path d="M${x - 110},${y} A110,110 0 0 1 ${x + 110},${y} M${x - 55},${y} A55,110 0 0 1 ${x + 55},${y} M${x},${y - 110} L${x},${y}" stroke="#e6f6ff" stroke-width="3" fill="none"/><rect x="${x - 40}" y="${y - 30}" width="80" height="30" rx="6" fill="#ffd27a" opacity="0.8"/>`;

const fishingHole = (x, y) =>
  `<ellipse cx="${x}" cy="${y}" rx="38" ry="12" fill="#0d2b45"/>${person(x - 70, y + 10, '#1a2235')}<line x1="${x - 60}" y1="${y - 40}" x2="${x}" y2="${y - 5}" stroke="#1a2235" stroke-width="3"/>`;

const iceWall = () =>
  `<path d="M700,${H} L720,120 L820,60 L900,140 L960,80 L1000,${H} Z" fill="#9fd3f2"/><path d="M740,200 l10,80 l10,-80 M800,160 l8,120 l8,-120 M880,220 l10,90 l10,-90" stroke="#e8f7ff" stroke-width="6"/>${person(830, 420, '#c0392b', 0.9)}<line x1="812" y1="360" x2="800" y2="330" stroke="#1a2235" stroke-width="4"/><line x1="848" y1="360" x2="862" y2="326" stroke="#1a2235" stroke-width="4"/>`;

const iceHall = () =>
  `<rect x="0" y="0" width="${W}" height="${H}" fill="url(#sky)"/><path d="M150,${H} L150,300 Q600,40 1050,300 L1050,${H} Z" fill="#bfe6ff" opacity="0.5"/>${[280, 480, 720, 920].map((x) => `<rect x="${x - 20}" y="300" width="40" height="${H - 300}" fill="#e4f6ff" opacity="0.8"/>`).join('')}<path d="M560,640 q40,-120 80,0 z" fill="#e4f6ff"/><circle cx="600" cy="520" r="36" fill="#e4f6ff"/>`;

const water = (y, colour) => `<rect x="0" y="${y}" width="${W}" height="${H - y}" fill="${colour}"/><path d="M0,${y + 20} H${W} M0,${y + 50} H${W}" stroke="#ffffff" stroke-opacity="0.15" stroke-width="3"/>`;

const SCENES = {
  hero: { sky: 'night', aurora: '#3ddc97', ground: 'snow', subject: (r) => forest(r, 640, 18, '#071427') + cabin(900, 690, '#1c2b45') },
  'aurora-car': { sky: 'night', aurora: '#3ddc97', ground: 'snow', subject: (r) => forest(r, 620, 16, '#071427') + `<rect x="440" y="600" width="220" height="70" rx="18" fill="#1c2b45"/><rect x="470" y="575" width="150" height="40" rx="10" fill="#1c2b45"/><circle cx="490" cy="675" r="18" fill="#0a1222"/><circle cx="610" cy="675" r="18" fill="#0a1222"/>` + person(720, 700, '#0f1a2e') },
  dogsled: { sky: 'dusk', ground: 'snow', subject: (r) => forest(r, 560, 12, '#1d2a44') + dogTeam(520, 660, '#1d2638') },
  'dogsled-aurora': { sky: 'night', aurora: '#55e0a0', ground: 'snow', subject: (r) => forest(r, 580, 10, '#071427') + dogTeam(520, 670, '#0f1a2e') },
  snowmobile: { sky: 'dusk', ground: 'snow', subject: (r) => forest(r, 580, 14, '#2b3354') + snowmobile(430, 680, '#1d2638', false) },
  'snowmobile-aurora': { sky: 'night', aurora: '#3ddc97', ground: 'snow', subject: () => snowmobile(330, 690, '#0f1a2e', true) },
  reindeer: { sky: 'blue', ground: 'snow', subject: (r) => forest(r, 560, 14, '#27405f') + animal(520, 600, 1.2, '#3a2f2a', 'reindeer') + `<path d="M330,690 L460,690 L470,670" stroke="#5b4636" stroke-width="8" fill="none"/><rect x="340" y="640" width="90" height="40" fill="#7a5a3c"/>` },
  'aurora-bbq': { sky: 'night', aurora: '#7cf0b2', ground: 'snow', subject: () => cabin(420, 690, '#3a2a1f') + fire(720, 700) + person(820, 710, '#0f1a2e') },
  moose: { sky: 'blue', ground: 'snow', subject: (r) => forest(r, 560, 16, '#2a415e') + animal(560, 610, 1.5, '#2d241f', 'moose') },
  'moose-summer': { sky: 'gold', ground: 'green', subject: (r) => forest(r, 540, 16, '#21402f') + water(620, '#3b6f8f') + animal(600, 600, 1.4, '#2d241f', 'moose') },
  snowshoe: { sky: 'day', ground: 'snow', subject: (r) => forest(r, 600, 18, '#35604f') + person(480, 700, '#c0392b') + person(560, 690, '#1f4e79') + person(640, 700, '#2e7d32') },
  'snowshoe-fire': { sky: 'dusk', ground: 'snow', subject: (r) => forest(r, 600, 14, '#1d2a44') + fire(600, 700) + person(480, 710, '#c0392b', 0.8) + person(720, 710, '#1f4e79', 0.8) },
  fjord: { sky: 'day', ground: 'none', subject: () => water(560, '#1f5f8b') + `<rect x="760" y="520" width="160" height="40" fill="#c95f4a"/><rect x="930" y="510" width="120" height="50" fill="#f0e6d2"/>` },
  'fjord-road': { sky: 'day', ground: 'none', subject: () => water(600, '#1f5f8b') + `<path d="M100,${H} C300,600 500,720 700,560 S1000,520 1200,540" stroke="#3c4452" stroke-width="30" fill="none"/>` },
  'abisko-hike': { sky: 'day', ground: 'green', subject: () => water(600, '#3aa6b9') + person(520, 720, '#c0392b') + person(600, 730, '#1f4e79') },
  'aurora-lake': { sky: 'night', aurora: '#5ef0a8', ground: 'none', subject: () => water(560, '#0c2340') + `<rect x="0" y="560" width="${W}" height="240" fill="url(#reflect)"/>` },
  'aurora-cabin': { sky: 'night', aurora: '#3ddc97', ground: 'snow', subject: () => cabin(600, 680, '#3a2a1f') },
  'ice-fishing': { sky: 'blue', ground: 'snow', subject: (r) => forest(r, 560, 14, '#27405f') + fishingHole(600, 680) + fire(820, 690) },
  'ice-fishing-lake': { sky: 'day', ground: 'snow', subject: () => fishingHole(500, 680) + fishingHole(800, 700) },
  'ice-climbing': { sky: 'day', ground: 'snow', subject: () => iceWall() },
  'sami-lavvu': { sky: 'dusk', ground: 'snow', subject: (r) => forest(r, 580, 12, '#1d2a44') + lavvu(500, 690, '#4a3a2c') + animal(800, 630, 0.9, '#3a2f2a', 'reindeer') },
  'husky-family': { sky: 'day', ground: 'snow', subject: (r) => forest(r, 580, 12, '#35604f') + cabin(300, 680, '#6b4a2f') + dogTeam(560, 700, '#3b3f4a') },
  icehotel: { sky: 'blue', ground: 'none', subject: () => iceHall() },
  'midnight-sun': { sky: 'gold', ground: 'green', subject: () => `<circle cx="820" cy="330" r="60" fill="#ffe8a3"/>` + water(600, '#6f7fa6') + person(420, 620, '#1a2235') + person(480, 630, '#1a2235') },
  'abisko-canyon': { sky: 'blue', ground: 'snow', subject: () => `<path d="M380,${H} L520,420 L680,420 L820,${H} Z" fill="#12324f"/><path d="M560,440 l8,90 l8,-90 M620,440 l8,120 l8,-120" stroke="#dff4ff" stroke-width="8"/>` },
  kiruna: { sky: 'dusk', aurora: '#3ddc97', ground: 'snow', subject: (r) => forest(r, 620, 10, '#1d2a44') + [300, 420, 540, 660].map((x, i) => `<rect x="${x}" y="${580 - i * 10}" width="90" height="${120 + i * 10}" fill="#2a2f45"/><rect x="${x + 20}" y="${610 - i * 10}" width="18" height="18" fill="#ffd27a"/>`).join('') },
  abisko: { sky: 'blue', ground: 'none', subject: () => water(560, '#16405f') + `<path d="M700,560 Q850,300 1000,560 Z" fill="#0f2236"/>` },
  'glass-igloo': { sky: 'night', aurora: '#3ddc97', ground: 'snow', subject: (r) => forest(r, 620, 10, '#071427') + igloo(600, 690) },
  guesthouse: { sky: 'dusk', ground: 'snow', subject: (r) => forest(r, 600, 12, '#1d2a44') + cabin(600, 690, '#8a3b2e') },
};

const GROUND = { snow: '#eef4fb', green: '#3f6b4a', none: null };
/** The light along the horizon, by sky (a night sky takes its aurora's colour). */
const HORIZON = { dusk: '#f3a6b8', day: '#ffffff', gold: '#ffcf8a', blue: '#d6ecff' };

function scene(name, spec, seed = name) {
  const rand = random(seed);
  const [top, middle, bottom] = SKIES[spec.sky];
  const night = spec.sky === 'night';
  const glowColour = night ? spec.aurora ?? '#2c6f8f' : HORIZON[spec.sky];
  const parts = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.6" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/></linearGradient><linearGradient id="reflect" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3ddc97" stop-opacity="0.35"/><stop offset="1" stop-color="#0c2340" stop-opacity="0"/></linearGradient>` +
      // The atmosphere: the aurora's glow, haze on the far fells, light along the horizon, and a darker edge.
      `<filter id="glow" x="-10%" y="-60%" width="120%" height="220%"><feGaussianBlur stdDeviation="22"/></filter><filter id="haze" x="-5%" y="-20%" width="110%" height="140%"><feGaussianBlur stdDeviation="4"/></filter>` +
      `<linearGradient id="horizon" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${glowColour}" stop-opacity="0"/><stop offset="0.55" stop-color="${glowColour}" stop-opacity="${night ? 0.35 : 0.55}"/><stop offset="1" stop-color="${glowColour}" stop-opacity="0"/></linearGradient>` +
      `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${night ? 0.45 : 0.25}"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
  ];
  if (night || spec.sky === 'dusk') parts.push(`<g fill="#ffffff" opacity="${night ? 0.85 : 0.5}">${stars(rand, night ? 90 : 40)}</g>`);
  if (spec.aurora) {
    const bands = aurora(rand, spec.aurora);
    parts.push(`<g filter="url(#glow)" opacity="0.95">${bands.replace(/<defs>.*?<\/defs>/, '')}</g>`, bands);
  }
  parts.push(`<rect x="0" y="330" width="${W}" height="300" fill="url(#horizon)"/>`);
  parts.push(`<path d="${ridge(rand, 430, 150, 8)}" fill="${night ? '#1f3a63' : '#8fb0d3'}" opacity="0.75" filter="url(#haze)"/>`);
  parts.push(`<path d="${ridge(rand, 470, 160, 10)}" fill="${night ? '#13294a' : '#5d7ea6'}" opacity="0.9"/>`);
  parts.push(`<path d="${ridge(rand, 540, 110, 16)}" fill="${night ? '#0c1d36' : '#3f5f86'}"/>`);
  if (GROUND[spec.ground]) parts.push(`<path d="M0,${H} L0,600 Q600,560 ${W},610 L${W},${H} Z" fill="${GROUND[spec.ground]}"/>`);
  parts.push(spec.subject(rand));
  parts.push(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"><title>${name.replace(/-/g, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>${parts.join('')}</svg>\n`;
}

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img"><title>Norrsken Arctic Tours</title><circle cx="32" cy="32" r="32" fill="#0b1d3a"/><path d="M8,30 Q20,12 32,26 T56,22" stroke="#3ddc97" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M6,52 L22,32 L30,42 L40,28 L58,52 Z" fill="#eef4fb"/></svg>\n`;

const placeholder = (label, colour) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"><title>${label}</title><rect width="${W}" height="${H}" fill="${colour}"/><path d="M0,${H} L300,460 L480,620 L700,380 L${W},${H} Z" fill="#eef4fb" opacity="0.25"/><path d="M200,240 Q600,80 1000,220" stroke="#3ddc97" stroke-width="24" fill="none" opacity="0.5" stroke-linecap="round"/></svg>\n`;

/** Scenes whose subject fills the width (water, a road, an ice wall): their place picture shows people instead. */
const WIDE = new Set(['fjord', 'fjord-road', 'abisko-hike', 'aurora-lake', 'midnight-sun', 'moose-summer', 'icehotel', 'ice-climbing', 'abisko-canyon']);

/** The light a tour is out in, for its place picture. */
const LIGHT = { morning: 'gold', day: 'day', afternoon: 'blue', evening: 'night', night: 'night' };

/** Where a tour goes from: the landscape of its first location, as a subject layer. */
const PLACES = {
  Kiruna: (r, night) =>
    forest(r, 640, 12, night ? '#071427' : '#1d3a35') +
    [200, 290, 380].map((x, i) => `<rect x="${x}" y="${600 - i * 14}" width="70" height="${110 + i * 14}" fill="${night ? '#1c2438' : '#39425c'}"/><rect x="${x + 14}" y="${620 - i * 14}" width="14" height="14" fill="#ffd27a"/>`).join(''),
  Abisko: (r, night) => water(600, night ? '#0c2340' : '#3a7fa6') + `<path d="M640,600 Q800,330 960,600 Z" fill="${night ? '#0b1a2c' : '#1f3a55'}"/>` + forest(r, 660, 8, night ? '#071427' : '#21402f'),
};

/**
 * A tour's own second picture: its place in its light (aurora at night, low sun in the morning,
 * green in a summer tour's), with its subject in it, smaller. Seeded by the slug, so no two
 * tours share a picture even where they share a place.
 */
function placeScene(tour) {
  const summer = tour.seasonMonths.every((month) => month >= 5 && month <= 9);
  const sky = summer ? (tour.timeOfDay === 'evening' || tour.timeOfDay === 'night' ? 'gold' : 'day') : LIGHT[tour.timeOfDay] ?? 'blue';
  const night = sky === 'night';
  const own = SCENES[tour.artwork];
  const spec = {
    sky,
    aurora: night ? ['#3ddc97', '#5ef0a8', '#7cf0b2', '#55e0a0'][tour.slug.length % 4] : undefined,
    ground: summer ? 'green' : 'snow',
    subject: (r) =>
      PLACES[tour.locations[0]](r, night) +
      (WIDE.has(tour.artwork)
        ? person(520 + (tour.slug.length % 5) * 30, 700, '#c0392b', 0.8) + person(580 + (tour.slug.length % 5) * 30, 705, '#1f4e79', 0.8)
        : `<g transform="translate(${420 + (tour.slug.length % 5) * 40},${330}) scale(0.55)">${own.subject(random(tour.slug))}</g>`),
  };
  return scene(`${tour.title}, around ${tour.locations[0]}`, spec, tour.slug);
}

mkdirSync(join(root, 'art', 'places'), { recursive: true });
for (const [name, spec] of Object.entries(SCENES)) writeFileSync(join(root, 'art', `${name}.svg`), scene(name, spec));
const { TOURS } = await import('../src/app-data/seed/tours.catalogue.ts');
for (const tour of TOURS) writeFileSync(join(root, 'art', 'places', `${tour.slug}.svg`), placeScene(tour));
writeFileSync(join(root, 'logo.svg'), LOGO);
writeFileSync(join(root, 'placeholder-main.svg'), placeholder('Norrsken Arctic Tours', '#0b1d3a'));
writeFileSync(join(root, 'placeholder-tour.svg'), placeholder('Arctic tour', '#16325c'));
console.log(`Wrote ${Object.keys(SCENES).length + 3} images and ${TOURS.length} tours' place pictures to ${root}`);
