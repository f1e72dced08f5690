from enum import StrEnum


class ExportSalesMeetingBodySort(StrEnum):
    CREATED_AT = "created_at"
    DATE = "date"
    ID = "id"
    SUBJECT = "subject"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-date"
    VALUE_7 = "-subject"

    def __str__(self) -> str:
        return str(self.value)
