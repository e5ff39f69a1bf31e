"""Export stage: write pages as plaintext, PDF or JSON, atomically."""
