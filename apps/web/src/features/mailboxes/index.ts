/** Public surface of the mailboxes feature (its route loads lazily from routes/). */
export {};
