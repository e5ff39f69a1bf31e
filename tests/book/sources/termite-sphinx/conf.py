# Configuration file for the Sphinx documentation builder, as sphinx-quickstart writes it.
# The press reads it as Python's syntax and never runs it (the import below never happens).
import os
import sys
sys.path.insert(0, os.path.abspath('.'))

project = 'termite-mounds'
copyright = '2025, The Mound Builders'
author = 'The Mound Builders'
release = '2.1'
version = '2.1.0'

master_doc = 'index'
extensions = []
templates_path = ['_templates']
exclude_patterns = ['_build']
html_theme = 'alabaster'

latex_elements = {}
latex_documents = [
    (master_doc, 'termitemounds.tex', u'Building Termite Mounds',
     author, 'manual'),
]
man_pages = [(master_doc, 'termitemounds', 'termite-mounds Documentation', [author], 1)]
