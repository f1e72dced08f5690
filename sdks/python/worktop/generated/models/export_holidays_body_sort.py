from enum import StrEnum


class ExportHolidaysBodySort(StrEnum):
    CREATED_AT = "created_at"
    DATE = "date"
    ID = "id"
    NAME = "name"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-date"
    VALUE_7 = "-name"

    def __str__(self) -> str:
        return str(self.value)
