import { cardStyles } from './card.js';
import { controlStyles } from './controls.js';
import { feedbackStyles } from './feedback.js';
import { listStyles } from './lists.js';
import { colorStyles, themeStyles } from './theme.js';

// Every widget's stylesheets, by what they do, each a constructable sheet adopted once and shared
// by every element on the page.
export const kitStyles = [
  colorStyles,
  themeStyles,
  cardStyles,
  controlStyles,
  feedbackStyles,
  listStyles,
];
