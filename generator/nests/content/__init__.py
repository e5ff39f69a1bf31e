"""Content stage: read YAML from content directories, validate it, hand back plain data."""

from nests.content.loader import Content, load_content
from nests.content.yamlfile import YamlDocument, read_yaml

__all__ = ["Content", "YamlDocument", "load_content", "read_yaml"]
