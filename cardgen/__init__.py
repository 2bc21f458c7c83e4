"""cardgen: turns Mission Kit content into print-ready PDFs."""
