/** Single-post reading: infinite previous-post loading with the post in view (a document-wide behaviour). */
import './infinite.ts';
