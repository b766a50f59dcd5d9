"""Page-layout presets (YAML), shipped inside the package as puzzlebook.layouts."""
