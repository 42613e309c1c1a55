// libyaml's one public header: the event parser reads mkdocs.yml.
#include <yaml.h>
