"""The printed size of every run of text in a PDF: the reader lives in cardgen.pdf_check
(the build checks its print floor with it); the tests import it from here as before."""

from cardgen.pdf_check import page_text_sizes, text_sizes

__all__ = ["page_text_sizes", "text_sizes"]
