from enum import StrEnum


class ExportRevenuesBodySort(StrEnum):
    AMOUNT = "amount"
    CREATED_AT = "created_at"
    DATE = "date"
    ID = "id"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-date"
    VALUE_7 = "-amount"

    def __str__(self) -> str:
        return str(self.value)
