/** Public surface of the brand-awareness feature (its routes load lazily from routes/). */
export {};
