/**
 * The demo content Masthead installs into an empty database (RUNTIME-CONTRACT, "Demo content").
 *
 * Everything here is plain data: media are referred to through `media(key)` (the seeder maps
 * the keys of content/demo/images/manifest.json to stored ids), and authors, categories and tags
 * by slug. The seeder (src/server/db/seed.server.ts) resolves the slugs and stores it all through
 * the repositories. Bodies are written as block input (defaults may be left out); the repository
 * validates them with the block schema.
 */
import type { z } from 'zod';
import type { blockSchema } from '../../src/features/post/blocks.ts';
import type { PostFormat, PostMeta } from '../../src/features/post/types.ts';
import type { PortfolioMeta } from '../../src/features/portfolio/types.ts';
import type { MenuLocation } from '../../src/features/navigation/types.ts';
import type { settingsKeys, SettingsKey } from '../../src/features/site/settings.ts';

export type DemoBlock = z.input<typeof blockSchema>;

export interface DemoAuthor {
  /** `admin` is the account created on first start: only its profile is updated */
  slug: string;
  login: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  role: 'administrator' | 'editor' | 'author';
  bio: string;
  avatar: number;
}

export interface DemoTerm {
  slug: string;
  name: string;
  description?: string;
}

export interface DemoPost {
  type: 'post' | 'page';
  slug: string;
  title: string;
  excerpt: string;
  blocks: DemoBlock[];
  format?: PostFormat;
  /** author slug */
  author: string;
  featuredMediaId: number | null;
  allowRating?: boolean;
  meta?: PostMeta;
  publishedAt: string;
  /** category slugs, the primary one first */
  categories: string[];
  /** tag slugs */
  tags: string[];
  /** seeded engagement, so counters do not start at zero */
  likes?: number;
  ratings?: number[];
}

export interface DemoPortfolioItem {
  slug: string;
  title: string;
  excerpt: string;
  blocks: DemoBlock[];
  featuredMediaId: number;
  layout: 1 | 2 | 3;
  meta: PortfolioMeta;
  publishedAt: string;
  /** portfolio category slugs */
  categories: string[];
}

export interface DemoMenuItem {
  label: string;
  url: string;
  /** slug of the category whose latest posts fill the mega-menu panel */
  megaCategory?: string;
  children?: DemoMenuItem[];
}

export type DemoSettings = { [K in SettingsKey]?: z.input<(typeof settingsKeys)[K]> };

export interface DemoContent {
  authors: DemoAuthor[];
  categories: DemoTerm[];
  tags: DemoTerm[];
  /** newest first */
  posts: DemoPost[];
  pages: DemoPost[];
  portfolioCategories: DemoTerm[];
  portfolio: DemoPortfolioItem[];
  menus: Record<MenuLocation, DemoMenuItem[]>;
  settings: DemoSettings;
}

// Small writing helpers: bodies read like prose, not like JSON.
const p = (html: string): DemoBlock => ({ type: 'paragraph', html });
const h2 = (text: string, anchor?: string): DemoBlock => (anchor ? { type: 'heading', level: 2, text, anchor } : { type: 'heading', level: 2, text });
const h3 = (text: string, anchor?: string): DemoBlock => (anchor ? { type: 'heading', level: 3, text, anchor } : { type: 'heading', level: 3, text });
const ul = (...items: string[]): DemoBlock => ({ type: 'list', ordered: false, items });
const ol = (...items: string[]): DemoBlock => ({ type: 'list', ordered: true, items });
const quote = (html: string, cite?: string): DemoBlock => (cite ? { type: 'quote', html, cite } : { type: 'quote', html });

export function demoContent(media: (key: string) => number): DemoContent {
  const img = (key: string, caption?: string): DemoBlock => (caption ? { type: 'image', media: media(key), caption } : { type: 'image', media: media(key) });

  const authors: DemoAuthor[] = [
    {
      slug: 'admin',
      login: 'admin',
      email: 'admin@example.com',
      displayName: 'Editorial Team',
      firstName: '',
      lastName: '',
      role: 'administrator',
      bio: 'The Masthead desk: the editors who commission, cut and caption every story, and who answer the letters. When a piece is signed by the team, several of us argued over it.',
      avatar: media('avatar-admin'),
    },
    {
      slug: 'ana-ruiz',
      login: 'ana-ruiz',
      email: 'ana.ruiz@example.com',
      displayName: 'Ana Ruiz',
      firstName: 'Ana',
      lastName: 'Ruiz',
      role: 'author',
      bio: 'Ana writes about travel and food from a small flat in Lisbon with a large oven. She walks most coastlines twice: once to find the path, once to find lunch.',
      avatar: media('avatar-ana'),
    },
    {
      slug: 'tom-becker',
      login: 'tom-becker',
      email: 'tom.becker@example.com',
      displayName: 'Tom Becker',
      firstName: 'Tom',
      lastName: 'Becker',
      role: 'author',
      bio: 'Tom is a photographer based in Hamburg. He tests cameras until the batteries give up and prefers cities at night, ideally just after it has rained.',
      avatar: media('avatar-tom'),
    },
  ];

  const categories: DemoTerm[] = [
    { slug: 'travel', name: 'Travel', description: 'Coast paths, harbour towns and the long way round.' },
    { slug: 'food', name: 'Food', description: 'Recipes we cook again, and the tables we found them at.' },
    { slug: 'reviews', name: 'Reviews', description: 'Gear and books, used for weeks before we score them.' },
    { slug: 'photography', name: 'Photography', description: 'Pictures, and how they were made.' },
    { slug: 'culture', name: 'Culture', description: 'Films, reading, and notes from the desk.' },
  ];

  const tags: DemoTerm[] = [
    { slug: 'editorial', name: 'Editorial' },
    { slug: 'baking', name: 'Baking' },
    { slug: 'citrus', name: 'Citrus' },
    { slug: 'cameras', name: 'Cameras' },
    { slug: 'gear', name: 'Gear' },
    { slug: 'walking', name: 'Walking' },
    { slug: 'coast', name: 'Coast' },
    { slug: 'night', name: 'Night' },
    { slug: 'city', name: 'City' },
    { slug: 'film', name: 'Film' },
    { slug: 'open-movies', name: 'Open movies' },
    { slug: 'hamburg', name: 'Hamburg' },
    { slug: 'mornings', name: 'Mornings' },
    { slug: 'books', name: 'Books' },
    { slug: 'archive', name: 'Archive' },
    { slug: 'dawn', name: 'Dawn' },
  ];

  const posters = {
    bunny: media('poster-meadow'),
    sintel: media('poster-ember'),
    steel: media('poster-steel'),
    spring: media('poster-snow'),
    cosmos: media('poster-cosmos'),
  };

  const posts: DemoPost[] = [
    {
      type: 'post',
      slug: 'welcome-to-the-new-edition',
      title: 'Welcome to the new edition',
      excerpt: 'A new look, a slower front page and the same stubborn idea: fewer stories, each one worth finishing.',
      author: 'admin',
      featuredMediaId: media('new-edition'),
      publishedAt: '2026-11-16T08:00:00.000Z',
      categories: ['culture'],
      tags: ['editorial'],
      meta: { relatedPopup: true, subtitle: 'What changed, what stayed, and why the front page got quieter' },
      likes: 38,
      blocks: [
        p('Every few years a magazine has to decide what it is for. This autumn we sat down with a stack of printouts, a whiteboard and far too much coffee, and asked the question again. The answer turned out to be the one we started with: fewer stories, each one worth finishing.'),
        p('So the new edition is not louder. It is, if anything, quieter. The front page opens with a handful of pieces we are proud of, then gets out of the way. Sections are easier to reach from the menu, and every article now ends with the one before it, so you can keep reading without hunting for the next link.'),
        h2('What is new'),
        ul(
          'A reading page with more room for photographs and less for everything else.',
          'Recipes with a jump link straight to the ingredients, for the days you only want the cake.',
          'Reviews that show their working: scores per category, not a single number.',
          'A text-size control in the header, because not everyone reads on the same screen.',
        ),
        p('We also rebuilt the site underneath. Pages arrive as finished HTML and only the few parts that need to move, like galleries and the like button, load any script at all. On a slow train connection the difference is obvious; on a fast one you may simply notice that nothing jumps around while a page loads.'),
        { type: 'related-popup' },
        h2('What stays'),
        p('Our writers stay, and so does the habit of walking the walk before we write the guide. Ana Ruiz has spent the summer on coast paths from Cornwall to the Algarve. Tom Becker has been photographing Hamburg in the rain, which in Hamburg is not a difficult assignment.'),
        quote('A good magazine is a conversation the reader can leave at any time and still wants to come back to.', 'From our first issue, 2019'),
        p('Copy-editing stays too, although the redesign has taught us humility. If you spot teh odd typo that slipped through, tell us: we fix them quickly and thank whoever found them.'),
        p('Finally, a word on what we do not do. There are no autoplaying videos, no pop-ups asking for your e-mail before you have read a line, and no trackers beyond the ones our privacy page lists. When we ask for consent, declining is as easy as accepting.'),
        p('Thank you for reading the old edition. We hope you will enjoy the new one, and that you will write to us when you don’t.'),
      ],
    },
    {
      type: 'post',
      slug: 'lemon-olive-oil-cake',
      title: 'Lemon olive oil cake',
      excerpt: 'A one-bowl cake that stays moist for days, tastes of sunshine and forgives a heavy hand with the zest.',
      author: 'ana-ruiz',
      featuredMediaId: media('lemon-cake'),
      publishedAt: '2026-10-29T09:30:00.000Z',
      categories: ['food'],
      tags: ['baking', 'citrus'],
      allowRating: true,
      likes: 52,
      ratings: [5, 5, 4, 5, 4, 5, 5, 3, 5, 4, 5],
      blocks: [
        p('I learned this cake from a neighbour in Lisbon who baked it every Sunday in a tin that had clearly survived several decades and at least one move. She used whatever olive oil was open, lemons from her cousin’s tree, and no scales at all.'),
        p('The version below is a little more precise, but the spirit is the same. It is a one-bowl cake: whisk, fold, pour, bake. Olive oil keeps the crumb tender for days, so it is as good on Wednesday as it was on Sunday, if it lasts that long.'),
        h2('A few notes before you start'),
        p('Use a mild, fruity olive oil rather than a peppery one; the flavour comes through more than you might expect. Rub the zest into the sugar with your fingertips until it smells like a lemon grove: the oils in the zest carry most of the flavour, and the sugar helps to release them.'),
        p('Greek yoghurt can stand in for the milk if you like a denser, slightly tangier crumb. If your oven runs hot, cover the top loosely with foil after thirty minutes.'),
        img('cake-slice', 'Dense, golden and still moist on the third day.'),
        {
          type: 'recipe',
          name: 'Lemon olive oil cake',
          description: 'A tender one-bowl cake with olive oil, plenty of lemon zest and a sharp lemon glaze.',
          prepTime: 15,
          cookTime: 45,
          servings: 10,
          calories: 320,
          media: media('cake-slice'),
          ingredients: [
            '200 g caster sugar',
            'Finely grated zest of 2 unwaxed lemons',
            '3 large eggs, at room temperature',
            '120 ml mild extra-virgin olive oil',
            '120 ml whole milk',
            '60 ml lemon juice',
            '200 g plain flour',
            '2 tsp baking powder',
            '½ tsp fine salt',
            'For the glaze: 120 g icing sugar and 2 tbsp lemon juice',
          ],
          steps: [
            'Heat the oven to 175 °C (155 °C fan). Oil a 23 cm round tin and line the base with baking paper.',
            'In a large bowl, rub the lemon zest into the sugar with your fingertips until fragrant and damp.',
            'Whisk in the eggs until pale and slightly thickened, about two minutes by hand.',
            'Slowly whisk in the olive oil, then the milk and the lemon juice.',
            'Sift in the flour, baking powder and salt, and fold until just combined. A few streaks are fine.',
            'Pour into the tin and bake for 40 to 45 minutes, until golden and a skewer comes out clean.',
            'Cool in the tin for 10 minutes, then turn out onto a rack.',
            'Whisk the icing sugar with the lemon juice and spoon over the cake while it is still slightly warm.',
          ],
        },
        p('If you bake it, leave a rating above: we read every one, and the lower scores have already taught us to mention the foil.'),
      ],
    },
    {
      type: 'post',
      slug: 'mirrorless-camera-review',
      title: 'Halden M7 review: the quiet all-rounder',
      excerpt: 'A compact mirrorless body with a superb sensor and sensible controls. The battery is the only thing that made us wait.',
      author: 'tom-becker',
      featuredMediaId: media('camera'),
      publishedAt: '2026-10-08T07:15:00.000Z',
      categories: ['reviews', 'photography'],
      tags: ['cameras', 'gear'],
      likes: 27,
      blocks: [
        p('The Halden M7 arrived the week the clocks changed, which is the worst and best time to test a camera: the light is short, low and changeable, and every evening ends in the dark. I used it for three weeks as my only body, on assignments, on walks and at one very long wedding.'),
        h2('Design and handling'),
        p('The M7 is small without being fiddly. The grip is deep enough for a full hand, the two dials fall under thumb and finger, and the exposure compensation dial has a lock you can leave off. Menus are short and, unusually, written in plain language.'),
        p('The electronic viewfinder is bright and lag-free, though it smears a little in very low light. The rear screen tilts rather than fully articulating, which suits stills shooters better than vloggers.'),
        h2('Image quality'),
        p('The 24-megapixel sensor is the star. Files are clean to ISO 6400 and usable beyond, colours are natural without fuss, and there is enough latitude in the shadows to rescue a badly judged exposure. In-body stabilisation let me shoot handheld at a quarter of a second with a standard zoom.'),
        h2('Autofocus and video'),
        p('Subject detection finds eyes quickly and holds them well, even through glasses. It is less sure of itself with birds and with fast, erratic movement. Video is good rather than great: sharp 4K up to 30 frames per second, with some rolling shutter on quick pans.'),
        h2('Battery'),
        p('The weak point. I averaged around 380 shots per charge with the viewfinder, fewer on cold evenings. Carry a spare, or use the USB-C charging while you edit.'),
        {
          type: 'review',
          title: 'Halden M7',
          summary: 'A compact, well-built mirrorless camera with class-leading image quality and friendly handling, held back by modest battery life.',
          scores: [
            { label: 'Image quality', value: 9.2 },
            { label: 'Autofocus', value: 8.4 },
            { label: 'Handling', value: 8.8 },
            { label: 'Video', value: 7.5 },
            { label: 'Battery life', value: 6.2 },
            { label: 'Value for money', value: 8.0 },
          ],
          pros: ['Clean, flexible files up to ISO 6400', 'Excellent grip and clear controls', 'Effective in-body stabilisation', 'Menus written for people'],
          cons: ['Short battery life', 'Tilting rather than articulating screen', 'Rolling shutter in fast video pans'],
          verdict: 'The camera we would hand to a friend who wants to get serious without getting lost. Buy a second battery with it.',
          counters: [
            { label: 'Frames shot during testing', value: 4812 },
            { label: 'Days in the field', value: 21 },
            { label: 'Lenses tried', value: 5 },
            { label: 'Shots per charge', value: 380, suffix: ' avg.' },
          ],
        },
        p('Our review sample was lent by the distributor and returned after testing. Nobody saw this review before you did.'),
      ],
    },
    {
      type: 'post',
      slug: 'twelve-coastal-walks',
      title: 'Twelve coastal walks worth the early start',
      excerpt: 'From Cornish granite to the chalk cliffs of Rügen: twelve coast paths for a day, each with a good reason to set the alarm.',
      author: 'ana-ruiz',
      featuredMediaId: media('coast'),
      publishedAt: '2026-09-17T06:45:00.000Z',
      categories: ['travel'],
      tags: ['walking', 'coast'],
      likes: 64,
      blocks: [
        p('A coast path is the simplest walk there is: keep the sea on one side and stop when your legs ask you to. These twelve are day walks, all waymarked, none of them technical, and every one of them is better before breakfast, when the light is low and the car parks are empty.'),
        p('Use the list below to jump between walks. Distances are approximate and depend on where you start; check tide times and local restrictions before you go, especially in high summer.'),
        {
          type: 'smartlist',
          items: [
            {
              title: 'Zennor to St Ives, Cornwall',
              anchor: 'zennor-to-st-ives',
              media: media('coast'),
              html: 'About 10 km of the South West Coast Path over granite headlands and boulder-strewn coves. It is rougher than the map suggests, so allow four hours and watch for seals in the inlets below <em>Carn Naun</em>.',
            },
            {
              title: 'The Fishermen’s Trail, Alentejo',
              anchor: 'fishermens-trail',
              html: 'Sandy paths along the clifftops of the Rota Vicentina, where white storks nest on the sea stacks. Walk early: the sand is firmer and the heat has not arrived.',
            },
            {
              title: 'Monterosso to Vernazza, Cinque Terre',
              anchor: 'monterosso-to-vernazza',
              media: media('sea-cliffs'),
              html: 'Short, steep and spectacular, through vineyard terraces high above the water. A trail card is required in season; start at dawn to have the path almost to yourself.',
            },
            {
              title: 'Camí de Ronda, Costa Brava',
              anchor: 'cami-de-ronda',
              html: 'The old patrol path links small coves between Calella de Palafrugell and Llafranc. Bring a swimsuit: every bend offers another excuse to stop.',
            },
            {
              title: 'Sentier des Douaniers, Brittany',
              anchor: 'sentier-des-douaniers',
              media: media('lighthouse'),
              html: 'On the Pink Granite Coast around Ploumanac’h the rocks glow at sunset and the lighthouse makes a perfect turning point. Part of the long GR 34.',
            },
            {
              title: 'Marseille to Cassis through the Calanques',
              anchor: 'calanques',
              html: 'White limestone inlets and turquoise water. Access is restricted on days of high fire risk in summer, so check the day before and carry plenty of water.',
            },
            {
              title: 'Causeway Coast Way, Northern Ireland',
              anchor: 'causeway-coast',
              html: 'From Dunseverick to the Giant’s Causeway along the clifftop, arriving at the basalt columns before the coaches do. The light there is best in the first hour of the day.',
            },
            {
              title: 'Marloes Peninsula, Pembrokeshire',
              anchor: 'marloes-peninsula',
              media: media('bay'),
              html: 'A loop of about 11 km with views of Skomer, where puffins return each spring. Finish on Marloes Sands at low tide, when the beach seems to go on for ever.',
            },
            {
              title: 'Slea Head, Dingle',
              anchor: 'slea-head',
              html: 'Wild Atlantic views across to the Blasket Islands. Walk the road section early, before the traffic, and leave time for the beehive huts on the hillside.',
            },
            {
              title: 'Sassnitz to the Königsstuhl, Rügen',
              anchor: 'jasmund-chalk-cliffs',
              html: 'Through the old beech forest of Jasmund National Park, with the chalk cliffs white against the Baltic. The forest is part of a UNESCO World Heritage site.',
            },
            {
              title: 'Kullaberg, Skåne',
              anchor: 'kullaberg',
              html: 'A rocky peninsula in southern Sweden with sea caves, steep paths and a lighthouse at its tip. The circuit is short but demands good shoes.',
            },
            {
              title: 'Path of the Gods, Amalfi Coast',
              anchor: 'path-of-the-gods',
              html: 'From Bomerano to Nocelle high above Positano, with the whole coast laid out below. Go early for the light and for the shade, then take the long staircase down for lunch.',
            },
          ],
        },
        p('Which one did we miss? Write to us with your favourite, and we will walk it for the next edition.'),
      ],
    },
    {
      type: 'post',
      slug: 'streets-after-rain',
      title: 'Streets after rain',
      excerpt: 'A photo essay from Hamburg’s wet nights, when every puddle doubles the city and the neon finally has somewhere to go.',
      author: 'tom-becker',
      format: 'gallery',
      featuredMediaId: media('rain-street'),
      publishedAt: '2026-08-26T21:30:00.000Z',
      categories: ['photography'],
      tags: ['night', 'city'],
      likes: 45,
      blocks: [
        p('Rain is the best lighting assistant a city photographer can hire. It turns black tarmac into mirrors, softens the air and sends everyone home early. I made these pictures over three weeks of a wet August, always in the hour after a shower, with one lens and no tripod.'),
        p('The first set below is laid out as it was shot, street by street. Click any picture to see it large.'),
        { type: 'gallery', style: 'justified', rowHeight: 220, margin: 6, media: ['rain-1', 'rain-2', 'rain-3', 'rain-4', 'rain-5', 'rain-6', 'rain-7', 'rain-8', 'rain-9'].map(media) },
        h2('Colour'),
        p('Sodium street lamps are disappearing, replaced by cold white LEDs, and with them goes the orange glow that defined night photographs for decades. The shop signs have taken over: pink, cyan and green, often all three in one puddle.'),
        { type: 'gallery', style: 'masonry', columns: 3, margin: 8, media: ['rain-5', 'rain-1', 'rain-9', 'rain-8', 'rain-2', 'rain-6', 'rain-3', 'rain-4'].map(media) },
        h2('Walking the set'),
        p('The slider below follows one walk from dusk to the early hours. Use the thumbnails to jump ahead, or the arrow keys once it has focus.'),
        { type: 'gallery', style: 'slider', columns: 7, media: ['rain-4', 'rain-6', 'rain-8', 'rain-1', 'rain-3', 'rain-5', 'rain-9', 'rain-2', 'rain-7'].map(media) },
        p('All pictures were made at ISO 3200 to 6400, mostly at f/2, and corrected only for colour balance. Prints are available on request.'),
      ],
    },
    {
      type: 'post',
      slug: 'studio-sessions',
      title: 'Studio sessions: the open movies',
      excerpt: 'Five short films made in the open, shared under a free licence, and still some of the best animation you can watch tonight.',
      author: 'tom-becker',
      format: 'video',
      featuredMediaId: media('studio'),
      publishedAt: '2026-07-30T18:00:00.000Z',
      categories: ['culture'],
      tags: ['film', 'open-movies'],
      likes: 31,
      blocks: [
        p('Since 2006 the Blender Studio in Amsterdam has made short films in public: scripts, models and production files are shared, and the finished films are released under a Creative Commons licence. They were made to test and improve free software, but they have long since outgrown that purpose.'),
        p('We picked four for an evening in, plus one for later. The playlist below plays in order; choose any title to jump to it. Nothing loads from the video site until you press play.'),
        {
          type: 'playlist',
          title: 'An evening of open movies',
          videos: [
            { provider: 'youtube', id: 'aqz-KE-bpKQ', title: 'Big Buck Bunny', duration: '10:34', poster: posters.bunny },
            { provider: 'youtube', id: 'eRsGyueVLvQ', title: 'Sintel', duration: '14:48', poster: posters.sintel },
            { provider: 'youtube', id: 'R6MlUcmOul8', title: 'Tears of Steel', duration: '12:14', poster: posters.steel },
            { provider: 'youtube', id: 'WhWc3b3KhnY', title: 'Spring', duration: '7:44', poster: posters.spring },
          ],
        },
        h2('Why they still hold up'),
        p('<strong>Big Buck Bunny</strong> is slapstick in the best tradition, and its meadow still looks lovely. <strong>Sintel</strong> is the one that makes people cry, a story about a girl and a dragon that ends where you hope it won’t. <strong>Tears of Steel</strong> mixed live action shot in Amsterdam with visual effects, and <strong>Spring</strong> is a small, beautiful fable about a shepherd girl, her dog and the spirits of the mountain.'),
        h2('One for later'),
        p('<em>Cosmos Laundromat</em> is stranger and darker: a suicidal sheep on a desolate island meets a salesman who offers him other lives. It was planned as the first part of a feature and stands perfectly well on its own.'),
        { type: 'video', video: { provider: 'youtube', id: 'Y-rmzh0PI3c', title: 'Cosmos Laundromat: First Cycle', duration: '12:10', poster: posters.cosmos } },
        p('All films © Blender Foundation, released under CC BY. Watch them, share them, and if you feel like it, open the production files and see how they were made.'),
      ],
    },
    {
      type: 'post',
      slug: 'harbour-district-guide',
      title: 'A weekend in Hamburg’s harbour district',
      excerpt: 'Brick warehouses, a concert hall like a frozen wave, a ferry that costs a bus fare and fish rolls before breakfast.',
      author: 'ana-ruiz',
      featuredMediaId: media('harbour'),
      publishedAt: '2026-06-24T10:00:00.000Z',
      categories: ['travel', 'food'],
      tags: ['hamburg', 'city'],
      likes: 29,
      blocks: [
        p('Hamburg turns its best face to the water. The port is still one of Europe’s busiest, but the old harbour district has become the city’s favourite place to walk, with warehouses, bridges and canals that are as much for people as for cargo now.'),
        h2('Speicherstadt'),
        p('Start in the Speicherstadt, the largest warehouse district of its kind, built on oak piles from the 1880s onwards. Its red brick, copper roofs and narrow canals are a UNESCO World Heritage site together with the neighbouring Kontorhaus district. Come at high tide, when the water rises close to the loading doors, or after dark, when the facades are lit.'),
        { type: 'map', title: 'Speicherstadt', height: 360, options: { map_using: 'coordinates', latitude: '53.5440', longtitude: '9.9920', map_zoom: 15, marker_title: 'Speicherstadt', info_window: 'Warehouse district and canals' } },
        h2('The Elbphilharmonie'),
        p('A short walk away, the Elbphilharmonie sits on top of an old cocoa warehouse like a glass wave. Even without a concert ticket you can ride the long curved escalator to the Plaza, the public terrace that runs all the way round the building, for a view over the harbour cranes and the river.'),
        { type: 'map', title: 'Elbphilharmonie', height: 360, options: { map_using: 'address', address: 'Platz der Deutschen Einheit 4, 20457 Hamburg, Germany', map_zoom: 16, marker_title: 'Elbphilharmonie' } },
        h2('On the water'),
        p('The cheapest harbour tour in town is a public ferry. Line 62 leaves the Landungsbrücken piers for Finkenwerder and takes an ordinary transport ticket. Sit on the upper deck, watch the container ships, and ride back the same way.'),
        p('Back on land, walk under the river through the Old Elbe Tunnel, opened in 1911 with tiled walls and huge lifts that still carry cars. It comes out on the south bank with the best view of the skyline.'),
        h2('Eating'),
        p('On Sunday mornings the Fischmarkt in Altona opens at dawn, and some of its customers have not been to bed yet. Get a fish roll, a coffee, and stand by the water with everyone else. For lunch on other days, the piers sell fish rolls too; for dinner, the streets around the harbour in St. Pauli and Ottensen have more choice than any guide can list.'),
        {
          type: 'cover',
          media: media('rain-street'),
          heading: 'The harbour after dark',
          text: 'When the rain comes in off the river, the lit facades double in the streets.',
          link: '/streets-after-rain/',
          linkLabel: 'See the night pictures',
        },
      ],
    },
    {
      type: 'post',
      slug: 'quiet-mornings',
      title: 'Quiet mornings',
      excerpt: 'On the hour before the world wakes up, and a short film about a shepherd girl that fits it perfectly.',
      author: 'ana-ruiz',
      format: 'video',
      featuredMediaId: media('quiet-morning'),
      publishedAt: '2026-05-19T05:40:00.000Z',
      categories: ['travel'],
      tags: ['mornings', 'film'],
      likes: 22,
      blocks: [
        p('In the valley where we spent May, the mornings had a sound. Not silence exactly, but a kind of hush, cowbells somewhere up the slope and the river loud in the dark before the birds began. I started getting up at five just to hear it.'),
        p('There is a particular pleasure in being awake before anyone needs anything from you. The kettle, the cold step, the mist lying in the folds of the hills like something spilled: nothing happens, and that is the point.'),
        { type: 'embed', ratio: '16:9', video: { provider: 'youtube', id: 'WhWc3b3KhnY', title: 'Spring, a Blender Studio short film', duration: '7:44', poster: media('poster-snow') } },
        p('The film above became our morning ritual that week. <em>Spring</em> is a short animated fable about a shepherd girl and her dog, made by the Blender Studio and shared under a free licence. It has the same cool light and the same sense of mountains being older than everyone.'),
        {
          type: 'parallax',
          media: media('parallax-sea'),
          heading: 'The sea is still asleep',
          text: 'Early light, low tide, no one else on the beach.',
          speed: 0.5,
          parallaxType: 'scroll',
        },
        p('Later in the month we moved to the coast, and the mornings changed key. The sea at six is a different animal from the sea at noon: flat, silver and almost soundless, with the tide far out and the sand printed only by birds.'),
        p('I won’t pretend the habit survived the trip home. But on the odd morning when I wake before the alarm, I get up, make the coffee and sit by the window until the street begins. It is the best hour of the day, and nobody else seems to want it.'),
      ],
    },
    {
      type: 'post',
      slug: 'on-slow-reading',
      title: 'On slow reading',
      excerpt: 'A long case for reading fewer things more carefully, with a pencil, a chair and the phone in another room.',
      author: 'admin',
      featuredMediaId: media('bookshelf'),
      publishedAt: '2026-04-14T12:00:00.000Z',
      categories: ['culture'],
      tags: ['books'],
      likes: 41,
      blocks: [
        p('This is a long piece about reading slowly, which we realise is a lot to ask. If you would rather skip ahead, the contents below link to each section; if you only have a minute, read <a href="#a-practice">the practice</a> and come back for the rest another day.'),
        { type: 'toc', title: 'In this essay' },
        h2('Why slowness', 'why-slowness'),
        p('Most of what we read now arrives in a stream designed to be skimmed: headlines, previews, posts that end before they begin. Skimming is a real skill and we all need it. But it has quietly become the default, and the default shapes what we are able to notice.'),
        p('Slow reading is not a technique so much as a decision: to give one text enough time that it can change your mind. The rest of this essay is about how to make that decision easier, starting with <a href="#the-chair">where you sit</a>.'),
        h2('The chair', 'the-chair'),
        p('Reading is physical. A good chair, a lamp that lights the page rather than your eyes, and a surface for a cup of tea will do more for your attention than any app. Keep the chair for reading only, and your body will learn what it is for.'),
        p('The phone belongs in another room. Not face down on the table, not on silent: somewhere you would have to stand up and walk to. The small effort is the whole trick.'),
        h2('The pencil', 'the-pencil'),
        p('Read with a pencil. Underline what surprises you, put a question mark where you disagree and a line in the margin where you want to come back. These marks turn reading into a conversation, and they make a second reading far richer than the first.'),
        h3('What to mark', 'what-to-mark'),
        ul('Sentences you would like to have written.', 'Claims you do not believe yet.', 'Words you had to look up.', 'The place where you first wanted to stop.'),
        p('That last one matters. Boredom is information: it tells you either that the text has lost its way or that you have. Both are worth knowing, and <a href="#rereading">rereading</a> will tell you which.'),
        h2('Rereading', 'rereading'),
        p('The books that stay with us are almost always the ones we read twice. A second reading is a different act: you know where the story goes, so you can watch how it gets there. Details that seemed like decoration turn out to be load-bearing.'),
        p('Keep a short shelf of books you intend to reread, and pick from it whenever you cannot decide what to read next. It takes the pressure off novelty, which is where so much reading time is lost.'),
        h2('Reading together', 'reading-together'),
        p('Slow reading need not be solitary. A reading group of three or four people, meeting every fortnight over one chapter, will notice more than any of them alone. The rule that works best is the simplest: everyone brings one passage and one question.'),
        quote('We read to know we are not alone, and then we talk about it to be sure.'),
        h2('A practice', 'a-practice'),
        p('If all this sounds like a lot, start small. Twenty minutes, one chair, one pencil, no phone, for a week. Choose a book you have meant to read for years. Notice when you want to stop, and read one more page anyway.'),
        ol('Choose the time before you choose the book.', 'Leave the phone in another room.', 'Read with a pencil in your hand.', 'Stop in the middle of a chapter, so tomorrow starts easily.'),
        p('At the end of the week, <a href="#why-slowness">go back to the beginning</a> of this essay and see whether you read it differently. We suspect you will.'),
      ],
    },
    {
      type: 'post',
      slug: 'notes-from-the-archive',
      title: 'Notes from the archive',
      excerpt: 'Three boxes of prints, a magnifying glass and the small detective work of putting names back on old photographs.',
      author: 'tom-becker',
      featuredMediaId: media('archive'),
      publishedAt: '2026-03-10T14:20:00.000Z',
      categories: ['photography', 'culture'],
      tags: ['archive', 'film'],
      likes: 18,
      ratings: [4, 5, 4, 4, 5],
      blocks: [
        p('The boxes came from a house clearance: three shoeboxes of prints, most of them small, some with scalloped edges, a few with pencil notes on the back. Nobody knew who had taken them. The family who had owned the house had moved away two generations ago.'),
        p('Old photographs are generous with clues if you are patient. A shop sign, the shape of a tram, the cut of a coat: each narrows the years. A magnifying glass and an afternoon at the library did the rest.'),
        img('archive', 'Prints from the second box, about 1955 to 1962.'),
        h2('What the backs say'),
        p('The pencil notes turned out to be the most useful. Most were just a month and a place, in the same careful hand. One said only “the good summer”. That print shows a beach, three people squinting into the sun, and a dog that clearly does not want to be photographed.'),
        p('We have scanned everything at high resolution and are sorting the pictures by place. Where we can name a street, we will return to it and make a new picture from the same spot.'),
        h2('Can you help?'),
        p('If you recognise a place, a face or the dog, please write to us. Archives like this one become history only when someone can say what they show.'),
        h2('A recipe from the third box'),
        p('Not everything in the boxes was a photograph. Tucked between two prints was a card in the same careful hand, a recipe for shortbread, with “the good summer” written in the corner. We baked it once for the office and print it here as we found it. Its ratings come from the readers of our old edition and are closed now.'),
        {
          type: 'recipe',
          name: 'Shortbread from the third box',
          description: 'Three ingredients and a pinch of salt, as written on a card from about 1958.',
          prepTime: 15,
          cookTime: 25,
          servings: 16,
          media: media('archive'),
          ingredients: ['225 g soft salted butter', '110 g caster sugar, and a little more to finish', '340 g plain flour', 'A pinch of fine salt'],
          steps: [
            'Heat the oven to 160 °C (140 °C fan) and line a 20 cm square tin with baking paper.',
            'Beat the butter and sugar together until pale, then work in the flour and salt with your hands.',
            'Press the dough evenly into the tin, prick it all over with a fork and mark it into fingers.',
            'Bake for 25 minutes, until pale gold. Cut along the marks while warm and sprinkle with sugar.',
          ],
        },
      ],
    },
    {
      type: 'post',
      slug: 'the-editors-letter',
      title: 'The editor’s letter',
      excerpt: 'On commissioning fewer stories, paying writers properly and why we still edit every caption by hand.',
      author: 'admin',
      featuredMediaId: media('editors-desk'),
      publishedAt: '2026-02-09T09:00:00.000Z',
      categories: ['culture'],
      tags: ['editorial'],
      likes: 15,
      blocks: [
        p('Every issue begins with a list that is too long. There are always more good ideas than good weeks, and the job of an editor is mostly the job of saying not yet to things you would love to read.'),
        p('This year we are commissioning fewer pieces and giving each one more time. Writers will be paid for the research days as well as the writing days, because the walk before the guide is the guide. We think you will feel the difference in the work.'),
        h2('Captions matter'),
        p('We still edit every caption by hand. A caption is the most-read text on any page after the headline, and too often it is an afterthought. Ours should tell you something the picture cannot: where, when, who, or why it matters.'),
        p('We also still argue about commas, which the staff assure me is a sign of health.'),
        h2('What we want to hear'),
        p('Write to us. Tell us what you read to the end and what you abandoned, and be specific: a paragraph, a photograph, a sentence that lost you. The contact page reaches the whole desk, and someone will answer.'),
        p('Thank you for reading, and for reading slowly.'),
      ],
    },
    {
      type: 'post',
      slug: 'first-light',
      title: 'First light',
      excerpt: 'Why the first hour of the day is worth the cold hands, and what it taught us about patience and pictures.',
      author: 'ana-ruiz',
      featuredMediaId: media('first-light'),
      publishedAt: '2026-01-12T07:30:00.000Z',
      categories: ['photography'],
      tags: ['dawn', 'walking'],
      likes: 33,
      blocks: [
        p('Photographers talk about the golden hour as if it were one thing, but the hour before sunrise has its own names and moods. First the blue, when the hills are flat shapes against a deep sky; then a pink that climbs up the clouds; then, very suddenly, the first direct light on the highest ridge.'),
        p('It is cold work. You leave in the dark, find your place by torchlight and wait, often for nothing, because clouds on the horizon can swallow the sun whole. On most mornings the pictures are ordinary. On one in five, they are why you came.'),
        h2('Find the place the day before'),
        p('Walk the route in daylight and choose your spot. Look for layers: a near ridge, a far ridge, something in between for the mist to fill. Note where the sun will rise; a compass app does this well enough.'),
        h2('Then be patient'),
        p('The light changes faster than you expect and then not at all. Make a picture every few minutes, even when nothing seems to happen, and keep shooting after the sun is up. The best frame is often the one after you thought it was over.'),
        {
          type: 'parallax',
          media: media('first-light'),
          heading: 'Six seconds of first light',
          text: 'Blue, then pink, then the sun: the order every clear morning keeps.',
          speed: 0.4,
          parallaxType: 'scroll',
          video: '/media/demo/dawn-loop.webm',
        },
        p('This was the first story we published, and the idea behind it has stayed with the magazine: go early, wait, pay attention. Everything else follows.'),
      ],
    },
  ];

  const pages: DemoPost[] = [
    {
      type: 'page',
      slug: 'about',
      title: 'About Masthead',
      excerpt: 'An independent magazine about travel, food, photography and culture, written slowly.',
      author: 'admin',
      featuredMediaId: media('editors-desk'),
      publishedAt: '2026-01-05T09:00:00.000Z',
      categories: [],
      tags: [],
      blocks: [
        p('Masthead is an independent magazine about travel, food, photography and the culture around them. We publish a few stories a month and try to make each one worth finishing.'),
        h2('Who we are'),
        p('The magazine is made by a small editorial team and a handful of regular contributors. <a href="/author/ana-ruiz/">Ana Ruiz</a> writes about coast paths and kitchens; <a href="/author/tom-becker/">Tom Becker</a> photographs cities at night and tests the cameras we review.'),
        h2('How we work'),
        ul('We walk the walks and cook the recipes before we publish them.', 'Review samples are returned, and no manufacturer sees a review before publication.', 'We correct mistakes openly and note the change at the end of the article.'),
        h2('Get in touch'),
        p('Story ideas, corrections and kind words are all welcome on the <a href="/contact/">contact page</a>. For commissions and photography work, please <a href="/request-a-quote/">request a quote</a>.'),
      ],
    },
    {
      type: 'page',
      slug: 'contact',
      title: 'Contact',
      excerpt: 'Write to the editorial desk: story ideas, corrections and questions.',
      author: 'admin',
      featuredMediaId: null,
      publishedAt: '2026-01-05T09:10:00.000Z',
      categories: [],
      tags: [],
      blocks: [
        p('Write to us with story ideas, corrections or questions about something you read. The form reaches the whole editorial desk, and we answer most messages within two working days.'),
        { type: 'contact-form', formId: 1 },
        h2('Other ways to reach us'),
        p('For commissions and photography work, use the <a href="/request-a-quote/">quote request form</a>, which asks the questions we would otherwise ask by e-mail. For anything about your personal data, see our <a href="/privacy-policy/">privacy policy</a>.'),
      ],
    },
    {
      type: 'page',
      slug: 'request-a-quote',
      title: 'Request a quote',
      excerpt: 'Tell us about your project: design, photography or development.',
      author: 'admin',
      featuredMediaId: null,
      publishedAt: '2026-01-05T09:20:00.000Z',
      categories: [],
      tags: [],
      blocks: [
        p('Our studio takes on a small number of design, photography and development projects each year, alongside the magazine. Tell us what you have in mind and we will reply with a first estimate and a few questions.'),
        p('The more you can tell us about the budget, the timing and what success looks like, the more useful our answer will be. Attach a brief or a sketch if you have one.'),
        { type: 'contact-form', formId: 2 },
      ],
    },
    {
      type: 'page',
      slug: 'account',
      title: 'Your account',
      excerpt: 'Sign in or create an account.',
      author: 'admin',
      featuredMediaId: null,
      publishedAt: '2026-01-05T09:30:00.000Z',
      categories: [],
      tags: [],
      blocks: [p('Sign in to your Masthead account, or create one: it takes a minute and lets us remember you between visits. Forgot your password? Use the reset link and we will e-mail you a new one.')],
    },
    {
      type: 'page',
      slug: 'privacy-policy',
      title: 'Privacy policy',
      excerpt: 'What we collect, why, how long we keep it, and the cookies this site uses.',
      author: 'admin',
      featuredMediaId: null,
      publishedAt: '2026-01-05T09:40:00.000Z',
      categories: [],
      tags: [],
      blocks: [
        p('This policy explains what personal data Masthead collects when you use this website, why, how long we keep it and what your rights are. We collect as little as we can, and we never sell it.'),
        h2('What we collect', 'what-we-collect'),
        ul(
          '<strong>Messages you send us.</strong> When you use the contact or quote forms we store your name, e-mail address and message, plus any file you attach, so that we can answer.',
          '<strong>Your account.</strong> If you register, we store your user name, e-mail address and a salted hash of your password, never the password itself.',
          '<strong>Likes and ratings.</strong> These are counted against an anonymous visitor identifier, so that each visitor counts once. They are not linked to your name.',
          '<strong>Server logs.</strong> Our servers record requests, including the IP address, for security. Logs are deleted after 14 days.',
        ),
        h2('Cookies', 'cookies'),
        p('A cookie is a small text file that a website stores in your browser. We use only the cookies listed here. None of them is used for advertising.'),
        ul(
          '<code>cookie_notice_accepted</code> remembers whether you accepted or declined cookies in the notice at the bottom of the page: for one year if you accepted, thirty days if you declined.',
          '<code>masthead_law_footer_new</code> remembers whether you closed the privacy notice, so that it is not shown on every page.',
          '<code>masthead-font-changer</code> remembers the text size you chose with the text-size control in the header.',
          '<code>masthead_session</code> keeps you signed in. It is set only when you sign in and is deleted when you sign out.',
          '<code>masthead_vid</code> is the anonymous visitor identifier used for likes and ratings. It is set only when you like or rate something.',
        ),
        p('You can change your cookie choice at any time with the cookie settings link at the bottom of every page, and you can delete cookies in your browser settings.'),
        h2('Content from other websites', 'embedded-content'),
        p('Some articles include videos hosted on YouTube and maps drawn from OpenStreetMap. Videos load nothing from YouTube until you press play; after that, YouTube’s own privacy policy applies. Map tiles are requested from the map provider when a map scrolls into view.'),
        h2('How long we keep data', 'retention'),
        p('Messages are kept for up to two years and then deleted, unless they are part of an ongoing conversation or commission. Accounts are kept until you delete them or ask us to; likes and ratings are kept as anonymous counts.'),
        h2('Your rights', 'your-rights'),
        p('You can ask to see the personal data we hold about you, to have it corrected or deleted, or to receive a copy. You can also object to how we use it and complain to your data protection authority. To make a request, use the form below or write to us through the <a href="/contact/">contact page</a>. The form asks you to copy a short code from a picture, so that requests come from people rather than programs.'),
        { type: 'contact-form', formId: 3 },
        p('We last updated this policy in January 2026.'),
      ],
    },
  ];

  const portfolioCategories: DemoTerm[] = [
    { slug: 'branding', name: 'Branding', description: 'Identities, marks and print.' },
    { slug: 'photography', name: 'Photography', description: 'Commissions and personal series.' },
    { slug: 'web', name: 'Web', description: 'Sites designed and built in the studio.' },
  ];

  const pf = (
    slug: string,
    title: string,
    excerpt: string,
    key: string,
    category: string,
    layout: 1 | 2 | 3,
    meta: PortfolioMeta,
    publishedAt: string,
    body: string[],
    extra: DemoBlock[] = [],
  ): DemoPortfolioItem => ({
    slug,
    title,
    excerpt,
    featuredMediaId: media(key),
    categories: [category],
    layout,
    meta,
    publishedAt,
    blocks: [...body.map(p), ...extra],
  });

  const portfolio: DemoPortfolioItem[] = [
    pf('fieldnotes-stationery', 'Fieldnotes stationery', 'Identity and print for a botanical research station.', 'pf-fieldnotes', 'branding', 1, { client: 'Fieldnotes Research Station', year: '2026', role: 'Identity, print design' }, '2026-10-20T10:00:00.000Z', [
      'The station wanted an identity that felt like the notebooks its researchers carry into the field: practical, durable and quietly beautiful.',
      'We drew a mark from a surveyor’s circle and a single seed, set everything in a sturdy serif and printed on recycled stock in two colours.',
    ], [ul('Logo and mark', 'Letterhead and business cards', 'Field notebook covers', 'Signage for the greenhouse')]),
    pf('ember-coffee', 'Ember coffee roasters', 'A warm, bold identity for a small-batch roastery.', 'pf-ember', 'branding', 2, { client: 'Ember Coffee', year: '2026', role: 'Brand identity', website: 'https://example.com/ember' }, '2026-09-28T10:00:00.000Z', [
      'Ember roasts in small batches in a former forge. The triangle mark borrows the shape of a flame and of a coffee dripper at once.',
      'The palette runs from charcoal to roast orange; each blend gets its own shade on the bag.',
    ]),
    pf('dunes-at-dusk', 'Dunes at dusk', 'A personal series made over four evenings in the dunes.', 'pf-dunes', 'photography', 3, { client: 'Personal work', year: '2026', role: 'Photography' }, '2026-09-12T10:00:00.000Z', [
      'Four evenings, one lens and the wind doing most of the work. The series follows the dune crests as the light drops and the shadows fill the hollows.',
      'Printed as a set of six on matte cotton paper for a group show in the autumn.',
    ], [{ type: 'gallery', style: 'justified', media: ['pf-dunes', 'parallax-peaks', 'first-light'].map(media) }]),
    pf('journal-redesign', 'Journal site redesign', 'A calmer reading experience for a long-form literary journal.', 'pf-web-journal', 'web', 1, { client: 'The Coral Review', year: '2026', role: 'Design, front-end development', website: 'https://example.com/coral' }, '2026-08-30T10:00:00.000Z', [
      'The journal publishes long essays and had a site that fought them at every turn. We cut the sidebar, set a generous measure and let the typography carry the page.',
      'Pages now load in well under a second on a mid-range phone, and reading time per essay has roughly doubled.',
    ]),
    pf('tidewater-logo', 'Tidewater logo system', 'A flexible mark for a coastal conservation trust.', 'pf-tidewater', 'branding', 3, { client: 'Tidewater Trust', year: '2025', role: 'Logo system, guidelines' }, '2026-08-02T10:00:00.000Z', [
      'The trust looks after salt marshes along forty kilometres of coast. The mark is four lines of tide that can grow or shrink, from a favicon to a twelve-metre banner.',
      'We wrote short guidelines that volunteers can actually follow, with ready-made templates for posters and newsletters.',
    ]),
    pf('alpine-pass', 'High pass in January', 'Winter landscapes for a mountain guiding company.', 'pf-alps', 'photography', 2, { client: 'North Face Guides', year: '2025', role: 'Commissioned photography' }, '2026-07-15T10:00:00.000Z', [
      'Three days on skis with a guiding team, photographing the routes they lead for their new brochure and website.',
      'Cold batteries, short days and one perfect morning above the clouds.',
    ]),
    pf('shop-front', 'Shop front, dark theme', 'An online shop for a maker of outdoor equipment.', 'pf-web-shop', 'web', 3, { client: 'Moss & Pine', year: '2025', role: 'E-commerce design and build', website: 'https://example.com/moss' }, '2026-06-20T10:00:00.000Z', [
      'A dark, photographic shop that puts the products first and the checkout three taps away.',
      'We built it on a headless commerce platform with a fast, server-rendered front end.',
    ]),
    pf('label-monogram', 'Monogram for a music label', 'A compact, versatile monogram for an independent label.', 'pf-monogram', 'branding', 1, { client: 'Meridian Records', year: '2025', role: 'Identity' }, '2026-05-28T10:00:00.000Z', [
      'The label releases ambient and modern classical music. The monogram had to work on a record sleeve, a streaming thumbnail and a tote bag.',
      'A single stroke draws the M; the rounded square holds it like a pressed vinyl label.',
    ]),
    pf('pine-ridges', 'Pine ridges in the mist', 'A landscape series from an early summer in the hills.', 'pf-forest', 'photography', 1, { client: 'Personal work', year: '2025', role: 'Photography' }, '2026-04-30T10:00:00.000Z', [
      'Mist sits in the valleys here until mid-morning in June. The series was made from the same ridge on eight mornings, never twice in the same light.',
    ], [img('quiet-morning', 'From the same ridge, a week later.')]),
    pf('museum-collection', 'Museum collection site', 'An online collection of 40,000 objects, searchable and fast.', 'pf-web-museum', 'web', 2, { client: 'City Museum of Design', year: '2025', role: 'UX, design, development', website: 'https://example.com/museum' }, '2026-03-18T10:00:00.000Z', [
      'The museum wanted its whole collection online, not just the highlights. We designed a search that is forgiving of spelling and object pages that load instantly.',
      'Curators can add stories that link objects together; visitors use them far more than the search itself.',
    ]),
    pf('orchard-bakery', 'Orchard Bakery print kit', 'Stationery, bags and labels for a neighbourhood bakery.', 'pf-orchard', 'branding', 2, { client: 'Orchard Bakery', year: '2024', role: 'Print design' }, '2026-02-22T10:00:00.000Z', [
      'A bakery in a former fruit store, with an apple tree still in the yard. Cream paper, a deep red and a hand-drawn circle for the stamp on every bag.',
    ]),
    pf('moonrise-lake', 'Moonrise over the lake', 'Night photographs for a lakeside hotel.', 'pf-night-lake', 'photography', 3, { client: 'Hotel am See', year: '2024', role: 'Commissioned photography' }, '2026-01-25T10:00:00.000Z', [
      'The hotel wanted pictures of its lake at night for a winter campaign. We waited for a clear, windless evening around the full moon and got two.',
    ]),
  ];

  const menus: Record<MenuLocation, DemoMenuItem[]> = {
    main: [
      { label: 'Home', url: '/' },
      { label: 'Travel', url: '/category/travel/', megaCategory: 'travel' },
      { label: 'Food', url: '/category/food/' },
      { label: 'Reviews', url: '/category/reviews/' },
      { label: 'Photography', url: '/category/photography/', megaCategory: 'photography' },
      { label: 'Culture', url: '/category/culture/' },
      { label: 'Portfolio', url: '/portfolio/' },
      { label: 'About', url: '/about/' },
      {
        label: 'Contact',
        url: '/contact/',
        children: [
          { label: 'Write to us', url: '/contact/' },
          { label: 'Request a quote', url: '/request-a-quote/' },
          { label: 'Your account', url: '/account/' },
        ],
      },
    ],
    footer: [
      { label: 'About', url: '/about/' },
      { label: 'Portfolio', url: '/portfolio/' },
      { label: 'Contact', url: '/contact/' },
      { label: 'Privacy policy', url: '/privacy-policy/' },
      { label: 'RSS feed', url: '/feed/' },
    ],
    side: [
      { label: 'Home', url: '/' },
      ...categories.map((c) => ({ label: c.name, url: `/category/${c.slug}/` })),
      { label: 'Portfolio', url: '/portfolio/' },
      { label: 'About', url: '/about/' },
      { label: 'Contact', url: '/contact/', children: [{ label: 'Request a quote', url: '/request-a-quote/' }] },
      { label: 'Your account', url: '/account/' },
    ],
  };

  const settings: DemoSettings = {
    site: {
      title: 'Masthead',
      tagline: 'Stories worth the scroll',
      locale: 'en',
      dir: 'ltr',
      postsPerPage: 6,
      copyright: '© 2026 Masthead. Demo stories and pictures made for this project.',
    },
    home: {
      blocks: [
        { type: 'featured-slider', title: 'Featured', count: 4 },
        { type: 'carousel', title: 'Editor’s picks', count: 8 },
        { type: 'category-tabs', title: 'From the sections', categories: categories.map((c) => c.slug), count: 4 },
        { type: 'grid', title: 'Latest stories', count: 6 },
        { type: 'masonry', title: 'More to read', count: 6 },
        { type: 'parallax', media: media('parallax-peaks'), heading: 'Take the long way round', text: 'Twelve coastal walks worth the early start.', link: '/twelve-coastal-walks/' },
      ],
    },
    cookieNotice: { enabled: true, revoke: 'automatic', redirection: false, privacyUrl: '/privacy-policy/' },
    gdprNotice: { enabled: true, privacyUrl: '/privacy-policy/' },
    textRules: { rules: [{ find: '\\bteh\\b', replace: 'the' }] },
    theme: { headerSearch: 'overlay', portfolioPerPage: 6, portfolioPagination: 'load-more', infiniteScroll: true, fontSizeControl: true },
  };

  return { authors, categories, tags, posts, pages, portfolioCategories, portfolio, menus, settings };
}
