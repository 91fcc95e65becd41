/**
 * The corpus index page's script (bundled into dist/browser/corpus.js and inlined by
 * src/report/corpus-index.ts): reads the table from the page's JSON block and draws it.
 */
import './corpus.css';
import { CORPUS_DATA_ID, type CorpusTable } from '../report/corpus-table';
import { mountCorpusTable } from './corpus-view';

const data = document.getElementById(CORPUS_DATA_ID);
const root = document.getElementById('corpus-table');
if (data === null || root === null) throw new Error(`the page has no #${CORPUS_DATA_ID} block or #corpus-table element`);
mountCorpusTable(root, JSON.parse(data.textContent ?? '') as CorpusTable);
