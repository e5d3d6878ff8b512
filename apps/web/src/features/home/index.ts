/** Public surface of the home feature (its routes load lazily from routes/). */
export {};
