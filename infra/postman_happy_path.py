"""Writes the happy path of the Postman collection: every resource folder of every module, in
the collection's order, without the "Other operations" folders (calls with no example record to
act on).

    postman_happy_path.py COLLECTION_IN COLLECTION_OUT
"""

import json
import sys

OTHER_OPERATIONS = "Other operations"  # shared::postman::OTHER_OPERATIONS


def main() -> int:
    source, target = sys.argv[1:]
    with open(source, encoding="utf-8") as f:
        collection = json.load(f)
    kept = 0
    for module in collection["item"]:
        folders = []
        for folder in module["item"]:
            if folder["name"] == OTHER_OPERATIONS:
                continue
            folders.append(folder)
        module["item"] = folders
        kept += len(folders)
    collection["item"] = [m for m in collection["item"] if m["item"]]
    with open(target, "w", encoding="utf-8") as f:
        json.dump(collection, f)
    print(f"postman: {kept} resource folders in the happy path")
    return 0 if kept else 1


if __name__ == "__main__":
    sys.exit(main())
