/** Public surface of the landing-page feature (its routes load lazily from routes/). */
export {};
