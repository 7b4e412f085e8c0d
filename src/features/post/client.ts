/** Single-post reading behaviours: infinite previous-post loading with the post in view, and the font-size popup. */
import './infinite.ts';
import './font-size.ts';
