from enum import StrEnum


class ExportTaxBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    NAME = "name"
    RATE = "rate"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-name"
    VALUE_7 = "-rate"

    def __str__(self) -> str:
        return str(self.value)
