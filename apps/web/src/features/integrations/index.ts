/** Public surface of the integrations feature (its routes load lazily from routes/). */
export {};
