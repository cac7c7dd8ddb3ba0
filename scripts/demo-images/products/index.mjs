import { beauty } from './beauty.mjs';
import { books } from './books.mjs';
import { electronics } from './electronics.mjs';
import { fashion } from './fashion.mjs';
import { homeKitchen } from './home-kitchen.mjs';
import { sportsOutdoors } from './sports-outdoors.mjs';
import { toysGames } from './toys-games.mjs';

/** Every demo product's drawing, by slug (catalog.json). */
export const PRODUCT_ART = { ...electronics, ...homeKitchen, ...fashion, ...books, ...sportsOutdoors, ...toysGames, ...beauty };
