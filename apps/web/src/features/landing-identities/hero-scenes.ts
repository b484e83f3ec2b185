import type { ComponentType } from 'react';
import type { SceneProps } from './heroes/parts';
import type { HeroScene } from './registry';

/** One chunk per scene: a landing downloads only the drawing it shows. */
export const HERO_SCENES: Record<HeroScene, () => Promise<{ default: ComponentType<SceneProps> }>> = {
  founder: () => import('./heroes/founder-scene'),
  gift: () => import('./heroes/gift-scene'),
  lab: () => import('./heroes/lab-scene'),
  person: () => import('./heroes/person-scene'),
  computer: () => import('./heroes/computer-scene'),
  home: () => import('./heroes/home-scene'),
  matrix: () => import('./heroes/matrix-scene'),
  relax: () => import('./heroes/relax-scene'),
  steps: () => import('./heroes/steps-scene'),
  page: () => import('./heroes/page-scene'),
  young: () => import('./heroes/young-scene'),
  types: () => import('./heroes/types-scene'),
  centre: () => import('./heroes/centre-scene'),
};
