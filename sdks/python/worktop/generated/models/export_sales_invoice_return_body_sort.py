from enum import StrEnum


class ExportSalesInvoiceReturnBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    RETURN_DATE = "return_date"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-return_date"

    def __str__(self) -> str:
        return str(self.value)
