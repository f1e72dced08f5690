from enum import StrEnum


class ExportResignationsBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    RESIGNATION_DATE = "resignation_date"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-resignation_date"

    def __str__(self) -> str:
        return str(self.value)
