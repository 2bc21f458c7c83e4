"""Mission Kit core: the content model and the rules, free of PDF, web and database code."""
