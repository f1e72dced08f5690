from enum import StrEnum


class ExportWlTenantsBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    NAME = "name"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-name"

    def __str__(self) -> str:
        return str(self.value)
