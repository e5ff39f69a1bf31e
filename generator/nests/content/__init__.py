"""Content stage: read YAML from content directories, validate it, hand back plain data."""

from nests.content.loader import Content, load_content
from nests.content.yamlfile import Document, read_yaml

__all__ = ["Content", "Document", "load_content", "read_yaml"]
