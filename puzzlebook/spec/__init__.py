"""The book spec: a YAML file a person writes, checked in full before any work starts.

Every problem is reported at once, each at its file, line and key with what to do. In rooms: ``model``
(every key, its type and bounds), ``load`` (reading and checking a spec, its mazes in book order),
``classlist`` (a class set's names), ``fits`` (a mask, shape or word drawn, and the cells named in it),
``request`` (one maze of the book as the layout and the makers take it, which loads none of the others:
this package's own module imports nothing, so a maze's page is planned without the spec's models).
What a maze's grid, algorithm, marks, mask, shape, inner and size may go with is ``puzzlebook.rules``,
which the ``maze`` command asks too. The YAML reader is ``yamlread`` and the text field types the layout
shares are ``fields``, beside this package.
"""
